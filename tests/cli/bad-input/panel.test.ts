import { badInputTable } from './check-row.js';
import { cases } from './panel.cases.js';

badInputTable('panel', cases);

import { badInputTable } from './check-row.js';
import { cases } from './sheet-resources.cases.js';

badInputTable('sheet-resources', cases);

import { badInputTable } from './check-row.js';
import { cases } from './core.cases.js';

badInputTable('core', cases);

import { badInputTable } from './check-row.js';
import { cases } from './inputs.cases.js';

badInputTable('inputs', cases);

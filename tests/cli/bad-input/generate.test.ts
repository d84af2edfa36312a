import { badInputTable } from './check-row.js';
import { cases } from './generate.cases.js';

badInputTable('generate', cases);

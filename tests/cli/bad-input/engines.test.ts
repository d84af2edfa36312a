import { badInputTable } from './check-row.js';
import { cases } from './engines.cases.js';

badInputTable('engines', cases);

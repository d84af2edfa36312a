import { badInputTable } from './check-row.js';
import { cases } from './init-check.cases.js';

badInputTable('init-check', cases);

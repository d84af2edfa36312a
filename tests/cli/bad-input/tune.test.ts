import { badInputTable } from './check-row.js';
import { cases } from './tune.cases.js';

badInputTable('tune', cases);

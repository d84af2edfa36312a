import { badInputTable } from './check-row.js';
import { cases } from './options.cases.js';

badInputTable('options', cases);

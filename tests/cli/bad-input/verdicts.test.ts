import { badInputTable } from './check-row.js';
import { cases } from './verdicts.cases.js';

badInputTable('verdicts', cases);

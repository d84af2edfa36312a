import { badInputTable } from './check-row.js';
import { cases } from './trial.cases.js';

badInputTable('trial', cases);

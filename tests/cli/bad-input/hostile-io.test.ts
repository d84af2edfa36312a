import { badInputTable } from './check-row.js';
import { cases } from './hostile-io.cases.js';

badInputTable('hostile-io', cases);

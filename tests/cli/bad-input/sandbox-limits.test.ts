import { badInputTable } from './check-row.js';
import { cases } from './sandbox-limits.cases.js';

badInputTable('sandbox-limits', cases);

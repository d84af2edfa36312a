import { badInputTable } from './check-row.js';
import { cases } from './receipts.cases.js';

badInputTable('receipts', cases);

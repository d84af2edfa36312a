import { badInputTable } from './check-row.js';
import { cases } from './sheet.cases.js';

badInputTable('sheet', cases);

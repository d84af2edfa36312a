import { badInputTable } from './check-row.js';
import { cases } from './install.cases.js';

badInputTable('install', cases);

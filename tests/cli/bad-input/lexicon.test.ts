import { badInputTable } from './check-row.js';
import { cases } from './lexicon.cases.js';

badInputTable('lexicon', cases);

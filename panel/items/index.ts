// The public door of panel/items: reading an items file for the panel commands.
export { readItemsFile } from './read-items-file.js';

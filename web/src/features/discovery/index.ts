/** The member search's public module: the hand-over of the search that came with the page. */
export { type BootSearch, offerBootSearch } from './bootSearch';

/** The member search's public module: member lookups and blocks, and the hand-over of the search that came with the page. */
export { type BootSearch, offerBootSearch } from './bootSearch';
export { discoveryApi, isUnavailable } from './discoveryApi';
export { blockMember } from './searchStore';

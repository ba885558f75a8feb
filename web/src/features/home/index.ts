/** The home page's public module. */
export { IndexPage } from './IndexPage';

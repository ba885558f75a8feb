/** The error screens' public module: the page for what does not exist. */
export { NotFoundPage } from './NotFoundPage';

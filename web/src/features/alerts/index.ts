/** The site alerts' public module: the header that shows them (their store: shared/alerts). */
export { AlertHeader } from './AlertHeader';

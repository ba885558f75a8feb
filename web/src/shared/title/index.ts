/** The page title's public module: screens name themselves with usePageTitle. */
export { usePageTitle, usePageTitleStore } from './pageTitle';

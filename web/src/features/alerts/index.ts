/** The site alerts' public module: the header that shows them and their store. */
export { AlertHeader } from './AlertHeader';
export { useAlerts } from './alertsStore';

/** The legal texts' public module: the US footer's rules. */
export { usFooterApplies, usFooterText } from './usFooter';

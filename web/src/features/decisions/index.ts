/** The decisions' public module: what the ban page shows of a ban's decision (issue 30.2). */
export { BanReasons } from './BanReasons';

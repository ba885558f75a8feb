/** The games' public module: the match finder's API. */
export { type ScoredMatch, gamesApi } from './gamesApi';

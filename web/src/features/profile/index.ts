/** The own profile's public module: its API and the scam shield's nudge on a name. */
export { ProfileTextNudgeSlot } from './ProfileTextNudgeSlot';

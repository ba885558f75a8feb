/**
 * What the API client does when the server ends the session: a 403
 * `authentication_required` (signed out elsewhere, expired) or `account_banned`. The
 * client only reports it; the app decides (app/sessionEnd.ts forgets the member and shows
 * the ban page), so shared/ never reaches into a feature's store.
 */
export type SessionEnd = 'signed_out' | 'banned';

let handler: (reason: SessionEnd) => void = () => undefined;

export function setSessionEndHandler(next: (reason: SessionEnd) => void): void {
  handler = next;
}

export function sessionEnded(reason: SessionEnd): void {
  handler(reason);
}

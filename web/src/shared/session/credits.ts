import { useSession } from './sessionStore';

/** The balance the server just told us (a gift, a photo unlock), into the session: the
 * navigation badge and the chat's terms follow. */
export function keepCredits(credits: number): void {
  const { user, setUser } = useSession.getState();
  if (user && user.credits !== credits) setUser({ ...user, credits });
}

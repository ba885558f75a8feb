/**
 * Blocking a member, from the profile or the conversation. Screens that list members
 * (the search) register to hear of it, so a blocked member leaves their lists.
 */
import { membersApi } from './membersApi';

const listeners = new Set<() => void>();

/** Called after every block or unblock; returns the unregistering. */
export function onBlocksChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(): void {
  for (const listener of listeners) listener();
}

export async function blockMember(id: number): Promise<void> {
  await membersApi.block(id);
  changed();
}

export async function unblockMember(id: number): Promise<void> {
  await membersApi.unblock(id);
  changed();
}

/**
 * The calls of the landing pages (issue 9): real members of the site for the designs, one
 * member's public profile for the member landers, and page-bounce logging (?lb).
 * Visitors may make all of them.
 */
import { api } from '../../shared/api/client';
import type { components, operations } from '../../shared/api/schema';

/** A member on a lander: id, name, age, place, main_image (thumb under the CDN prefix), is_fictional. */
export type LanderMember = components['schemas']['MemberCard'];
/** A member's public profile (member landers). */
export type LanderProfile = components['schemas']['MemberProfile'];
type MembersAnswer = operations['getLanderMembers']['responses'][200]['content']['application/json'];
type ProfileAnswer = operations['getLanderMember']['responses'][200]['content']['application/json'];
type VisitAnswer = operations['addLanderVisit']['responses'][201]['content']['application/json'];

export const MAX_LANDER_MEMBERS = 48;
/** What the API accepts as a traffic source: letters, digits, _ . : -, at most 60. */
const SOURCE = /^[\w.:-]{1,60}$/;

/** A traffic source as the API takes it, or undefined when it cannot be sent. */
export function visitSource(source: string | null | undefined): string | undefined {
  const value = source?.trim();
  return value && SOURCE.test(value) ? value : undefined;
}

export const landerApi = {
  /** Active members with a photo, newest first (1..48; optionally one gender). */
  async members(limit: number, gender?: 'male' | 'female', signal?: AbortSignal): Promise<LanderMember[]> {
    const count = Math.min(MAX_LANDER_MEMBERS, Math.max(1, Math.round(limit)));
    // Two quick retries: a visitor should not wait long for the error state and its retry.
    const answer = await api.get<MembersAnswer>('/api/lander-members', { query: { limit: count, gender }, signal, retries: 2 });
    return answer ? answer.members : [];
  },

  /** One member's public profile; rejects with ApiError 404 member_not_found. */
  async member(id: number, signal?: AbortSignal): Promise<LanderProfile> {
    const answer = await api.get<ProfileAnswer>(`/api/members/${id}/lander`, { signal });
    if (!answer) throw new Error('lander profile unavailable');
    return answer.profile;
  },

  /** Records a visit of a lander opened with ?lb; answers the visit's key. */
  async startVisit(lander: string, source?: string): Promise<string> {
    const body: { lander: string; source?: string } = { lander };
    const sent = visitSource(source);
    if (sent) body.source = sent;
    const answer = await api.post<VisitAnswer>('/api/lander-visits', body, { retries: 1 });
    if (!answer) throw new Error('lander visit not recorded');
    return answer.visit;
  },

  /**
   * The visitor used the call to action: the visit is no bounce. A keepalive request, so it
   * arrives even when the page is left right away; failures are ignored.
   */
  async engaged(key: string): Promise<void> {
    try {
      await fetch(`/api/lander-visits/${encodeURIComponent(key)}/engaged`, {
        method: 'POST',
        keepalive: true,
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
      });
    } catch {
      // Only statistics: the signup goes on.
    }
  },
};

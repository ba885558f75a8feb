/**
 * The calls of the landing pages (issue 9): real members of the site for the designs, one
 * member's public profile for the member landers, and page-bounce logging (?lb).
 * Visitors may make all of them.
 */
import { answer, api, retries } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';

/** A member on a lander: id, name, age, place, main_image (thumb under the CDN prefix), is_fictional. */
export type LanderMember = components['schemas']['MemberCard'];
/** A member's public profile (member landers). */
export type LanderProfile = components['schemas']['MemberProfile'];

export const MAX_LANDER_MEMBERS = 48;
/** What the API accepts as a traffic source: letters, digits, _ . : -, at most 60. */
const SOURCE = /^[\w.:-]{1,60}$/;

/** A traffic source as the API takes it, or undefined when it cannot be sent. */
export function visitSource(source: string | null | undefined): string | undefined {
  const value = source?.trim();
  return value && SOURCE.test(value) ? value : undefined;
}

export const landerApi = {
  /** Active members with a photo, newest first (1..48; optionally one gender; `near`: of
   *  one country, and region, only). */
  async members(
    limit: number,
    gender?: 'male' | 'female',
    signal?: AbortSignal,
    near?: { country: string; region: string | null },
  ): Promise<LanderMember[]> {
    const count = Math.min(MAX_LANDER_MEMBERS, Math.max(1, Math.round(limit)));
    const place = near?.country ? { country: near.country, region: near.region || undefined } : {};
    // Two quick retries: a visitor should not wait long for the error state and its retry.
    const found = await answer(api.GET('/api/lander-members', { params: { query: { limit: count, gender, ...place } }, signal, ...retries(2) }));
    return found ? found.members : [];
  },

  /** One member's public profile; rejects with ApiError 404 member_not_found. */
  async member(id: number, signal?: AbortSignal): Promise<LanderProfile> {
    const found = await answer(api.GET('/api/members/{member_id}/lander', { params: { path: { member_id: id } }, signal }));
    if (!found) throw new Error('lander profile unavailable');
    return found.profile;
  },

  /** Records a visit of a lander opened with ?lb; answers the visit's key. */
  async startVisit(lander: string, source?: string): Promise<string> {
    const body: { lander: string; source?: string } = { lander };
    const sent = visitSource(source);
    if (sent) body.source = sent;
    const started = await answer(api.POST('/api/lander-visits', { body, ...retries(1) }));
    if (!started) throw new Error('lander visit not recorded');
    return started.visit;
  },

  /**
   * The visitor used the call to action: the visit is no bounce. A keepalive request, so it
   * arrives even when the page is left right away; failures are ignored.
   */
  async engaged(key: string): Promise<void> {
    try {
      await api.POST('/api/lander-visits/{key}/engaged', { params: { path: { key } }, keepalive: true, ...retries(0) });
    } catch {
      // Only statistics: the signup goes on.
    }
  },
};

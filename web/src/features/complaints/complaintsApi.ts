/**
 * Complaints (issue 9): anyone may report spam, a fake profile, harassment, a member who
 * may be under 18, illegal content or a payment problem. Visitors give an e-mail address
 * for the answer; members are answered at their account's address.
 */
import { answer, api, retries } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import type { Answer, RequestBody } from '../../shared/api/types';

export type ComplaintRequest = RequestBody<'fileComplaint'>;
export type FiledComplaint = Answer<'fileComplaint', 201>;
export type ComplaintCategory = ComplaintRequest['category'];

/** The categories in the order the form offers them (domain/complaints.py). */
export const CATEGORIES: readonly ComplaintCategory[] = ['spam', 'fake_profile', 'harassment', 'underage', 'illegal_content', 'payment', 'other'];
/** Handled first by the support team. */
export const URGENT_CATEGORIES: readonly ComplaintCategory[] = ['underage', 'illegal_content'];

export const complaintsApi = {
  /** Files a complaint (201). A refusal is final: no silent retry that could file it twice. */
  async file(complaint: ComplaintRequest): Promise<FiledComplaint> {
    const filed = await answer(api.POST('/api/complaints', { body: complaint, ...retries(0) }));
    // The call needs no login; a session that ended meanwhile is just an error to retry.
    if (filed === false) throw new ApiError(403, 'authentication_required');
    return filed;
  },
};

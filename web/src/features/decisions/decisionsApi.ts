/**
 * Decisions (issue 30.2): the member's statements of reasons, the ban page's ban decision
 * (no session: address and password) and the appeal against a decision (issue 30.3).
 * Appeals and the ban's look-up are not retried: a repeat would count as another attempt.
 */
import { answer, api, retries } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import type { Language } from '../../shared/i18n/languages';
import type { components } from '../../shared/api/schema';
import type { Answer } from '../../shared/api/types';

export type Decision = components['schemas']['Decision'];
export type DecisionAppeal = components['schemas']['DecisionAppeal'];

// As the server checks an appeal's text (domain/appeals.py).
export const APPEAL_MIN = 10;
export const APPEAL_MAX = 5000;

export type AppealFiled = Answer<'contestDecision', 201>;

function present<T>(data: T | false): T {
  if (data === false) throw new ApiError(403, 'authentication_required');
  return data;
}

export const decisionsApi = {
  /** The member's own decisions, newest first, in the screen's language. */
  async list(language: Language, signal?: AbortSignal): Promise<Decision[]> {
    return present(await answer(api.GET('/api/decisions', { params: { query: { language } }, signal }))).decisions;
  },
  /** The ban page: the decision of the ban in force, after the account's address and password. */
  async ofBan(email: string, password: string, language: Language): Promise<Decision | null> {
    return present(await answer(api.POST('/api/decisions/ban', { body: { email, password, language }, ...retries(0) }))).decision;
  },
  /** Contests a decision: 201 with the open appeal. */
  async appeal(decisionId: number, text: string): Promise<AppealFiled> {
    return present(
      await answer(api.POST('/api/decisions/{decision_id}/appeal', { params: { path: { decision_id: decisionId } }, body: { text }, ...retries(0) })),
    );
  },
};

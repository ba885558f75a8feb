/**
 * The push calls of the API contract: POST /api/user?push=1 stores this browser's
 * subscription for the logged-in member (the server upserts by endpoint), and with
 * {subscription: null, endpoint} forgets it.
 */
import { answer, api, retries } from '../api/client';
import { ApiError } from '../api/errors';
import type { components } from '../api/schema';

export type PushSubscriptionRequest = components['schemas']['PushSubscriptionRequest'];
type StoredSubscription = NonNullable<PushSubscriptionRequest['subscription']>;

async function send(body: PushSubscriptionRequest): Promise<void> {
  // The user call never logs out on 403: a `false` answer cannot come, but stay typed.
  const stored = await answer(api.POST('/api/user', { params: { query: { push: '1' } }, body, ...retries(2) }));
  if (stored === false) throw new ApiError(403, 'authentication_required');
}

export const pushApi = {
  store(subscription: PushSubscription): Promise<void> {
    return send({ subscription: subscription.toJSON() as StoredSubscription });
  },
  forget(endpoint: string): Promise<void> {
    return send({ subscription: null, endpoint });
  },
};

// The push-permission step is composed into the signup's complete screen here in app/
// (plugins.ts): the two features meet in this test, not in each other's.
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPushForTests, usePush } from '../shared/push';
import { PushStepSlot } from '../features/push/PushStepSlot';
import { useSession } from '../shared/session';
import { CompleteSignupPage } from '../features/signup/CompleteSignupPage';
import { signupSteps } from '../features/signup/signupSteps';
import { type FakePushBrowser, TEST_PUSH_KEY, installFakePush } from '../test/fakePush';
import { stubFetch } from '../test/fetchStub';
import { settingsFixture, userFixture } from '../test/fixtures';
import { renderInRouter, seedStores, setupTestI18n } from '../test/render';

let browser: FakePushBrowser | null = null;
let fetchMock: ReturnType<typeof vi.fn>;

beforeAll(async () => {
  await setupTestI18n();
});
beforeEach(() => {
  resetPushForTests();
  seedStores({ settings: settingsFixture({ push_public_key: TEST_PUSH_KEY }) });
  useSession.setState({ user: userFixture({ status: 'not_confirmed' }) });
  fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
  stubFetch(fetchMock);
});
afterEach(() => {
  browser?.uninstall();
  browser = null;
  vi.unstubAllGlobals();
  signupSteps.pushPermission = undefined;
  useSession.setState({ user: null });
});

describe('the push-permission step after signup', () => {
  it('shows in the complete-signup screen and turns push on', async () => {
    browser = installFakePush();
    signupSteps.pushPermission = PushStepSlot;
    renderInRouter(<CompleteSignupPage />, '/complete-signup');
    expect(await screen.findByRole('heading', { name: 'Get a notification when someone writes to you' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Allow notifications' }));
    expect(await screen.findByTestId('push-step-done')).toHaveTextContent('You will get a notification when someone writes to you.');
    expect(usePush.getState().state).toBe('subscribed');
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/user?push=1', expect.objectContaining({ method: 'POST' }));
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { renderInRouter, seedStores, setupTestI18n } from '../../test/render';
import { useSession } from '../../shared/session';
import { type FakePushBrowser, TEST_PUSH_KEY, installFakePush } from '../../test/fakePush';
import { PUSH_STEP_DISMISSED_KEY } from './PushPermissionStep';
import { PushStepSlot } from './PushStepSlot';
import { resetPushForTests, usePush } from '../../shared/push/pushStore';
import { eventually } from '../../test/time';
import { stubFetch } from '../../test/fetchStub';

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
  useSession.setState({ user: null });
});

describe('the push-permission step after signup', () => {
  it('goes away for "Not now" and does not ask again', async () => {
    browser = installFakePush();
    const { unmount } = renderInRouter(<PushStepSlot />);
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByTestId('push-step')).toBeNull();
    expect(localStorage.getItem(PUSH_STEP_DISMISSED_KEY)).not.toBeNull();
    unmount();
    renderInRouter(<PushStepSlot />);
    await eventually(() => expect(usePush.getState().state).toBe('unsubscribed'));
    expect(screen.queryByTestId('push-step')).toBeNull();
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
  });

  it('says how to undo a block made at the prompt', async () => {
    browser = installFakePush();
    browser.notification.answer = 'denied';
    renderInRouter(<PushStepSlot />);
    fireEvent.click(await screen.findByRole('button', { name: 'Allow notifications' }));
    expect(await screen.findByTestId('push-step-denied')).toHaveTextContent('You blocked notifications for Amora in this browser.');
  });

  it('asks nothing where push cannot work, is on already or was blocked before', async () => {
    renderInRouter(<PushStepSlot />); // no push in this browser
    await eventually(() => expect(usePush.getState().state).toBe('unsupported'));
    expect(screen.queryByTestId('push-step')).toBeNull();

    browser = installFakePush({ permission: 'denied' });
    renderInRouter(<PushStepSlot />);
    await eventually(() => expect(usePush.getState().state).toBe('denied'));
    expect(screen.queryByTestId('push-step')).toBeNull();
  });
});

// The account's activation reminder, with its alert in the alerts' header: here in app/,
// which composes features, since neither feature imports the other (issue 35.5).
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { settingsFixture, userFixture } from '../test/fixtures';
import { renderInRouter, seedStores, setupTestI18n } from '../test/render';
import { AlertHeader } from '../features/alerts';
import { useAlerts } from '../shared/alerts/alertsStore';
import { useSession } from '../shared/session';
import { ActivationReminder } from '../features/account/ActivationReminder';
import { ACTIVATION_ALERT_ID, REMINDER_SNOOZE_MS, activationReminderMode, type ReminderInputs } from '../features/account/activationReminder';
import { stubFetch } from '../test/fetchStub';

const NOW = 1_800_000_000_000;
const unconfirmed = userFixture({ status: 'not_confirmed', profile: { ...userFixture().profile, status: 'disabled' } });
const base: ReminderInputs = { user: unconfirmed, pathname: '/', search: '', dismissedAt: null, now: NOW };

describe('activation reminder decision', () => {
  it('shows an alert to a member who has not confirmed the e-mail yet', () => {
    expect(activationReminderMode(base)).toBe('alert');
  });

  it('shows a modal right after the signup (api_signup_complete in the query)', () => {
    expect(activationReminderMode({ ...base, search: '?api_signup_complete=1' })).toBe('modal');
    expect(activationReminderMode({ ...base, search: '?x=1&api_signup_complete' })).toBe('modal');
    // The modal is shown even when the alert was dismissed.
    expect(activationReminderMode({ ...base, search: '?api_signup_complete=1', dismissedAt: NOW - 1000 })).toBe('modal');
  });

  it('shows nothing to visitors, active members, or when only one of the two statuses says so', () => {
    expect(activationReminderMode({ ...base, user: null })).toBe('hidden');
    expect(activationReminderMode({ ...base, user: userFixture() })).toBe('hidden');
    expect(activationReminderMode({ ...base, user: { status: 'not_confirmed', profile: { status: 'active' } } })).toBe('hidden');
    expect(activationReminderMode({ ...base, user: { status: 'active', profile: { status: 'disabled' } } })).toBe('hidden');
  });

  it('stays away for 24 hours after the alert was dismissed', () => {
    expect(activationReminderMode({ ...base, dismissedAt: NOW - 1000 })).toBe('hidden');
    expect(activationReminderMode({ ...base, dismissedAt: NOW - REMINDER_SNOOZE_MS + 1 })).toBe('hidden');
    expect(activationReminderMode({ ...base, dismissedAt: NOW - REMINDER_SNOOZE_MS })).toBe('alert');
  });

  it('is not shown on the screens that are about activation', () => {
    for (const pathname of ['/complete-signup', '/activate/done', '/activate/error/']) {
      expect(activationReminderMode({ ...base, pathname, search: '?api_signup_complete=1' })).toBe('hidden');
    }
  });
});

describe('activation reminder', () => {
  beforeAll(() => setupTestI18n());
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.setState({ user: null });
    useAlerts.setState({ alerts: [], dismissals: {} });
  });

  it('puts the alert in the alert header, resends the mail, and remembers a dismissal', async () => {
    seedStores({ settings: settingsFixture() });
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    stubFetch(fetchMock);
    useSession.setState({ user: { ...unconfirmed, email: 'robin@example.com' } });
    renderInRouter(
      <>
        <AlertHeader />
        <ActivationReminder />
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Your account is not activated yet');
    expect(screen.getByRole('alert')).toHaveTextContent('robin@example.com');
    fireEvent.click(screen.getByTestId('activation-alert-resend'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('We sent the activation e-mail to robin@example.com again.'));
    expect(fetchMock).toHaveBeenCalledWith('/api/activation/resend', expect.objectContaining({ method: 'POST' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(useAlerts.getState().dismissedAt(ACTIVATION_ALERT_ID)).not.toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the modal after signup and drops the query parameter on close', async () => {
    seedStores({ settings: settingsFixture() });
    useSession.setState({ user: unconfirmed });
    const { router } = renderInRouter(
      <>
        <AlertHeader />
        <ActivationReminder />
      </>,
      '/?api_signup_complete=1&x=2',
    );
    expect(await screen.findByRole('dialog')).toHaveTextContent('Confirm your e-mail address');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: "OK, I'll check my e-mail" }));
    await waitFor(() => expect(router.state.location.search).toBe('?x=2'));
    // Now the reminder carries on as an alert.
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account is not activated yet');
  });

  it('goes away once the member is activated', () => {
    seedStores({ settings: settingsFixture() });
    useSession.setState({ user: unconfirmed });
    renderInRouter(
      <>
        <AlertHeader />
        <ActivationReminder />
      </>,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => useSession.setState({ user: userFixture() }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

/**
 * The scam shield on the name at signup (issue 31.2): a name with contact details comes
 * back as 409 profile_text_flagged; the wizard nudges as the profile editor does. Edit name
 * goes back to the name step with the focus in the field; Sign up anyway sends the same
 * form confirmed. The signup and the profile's nudge together, as app/slots/signupSlots.tsx
 * composes them (issue 35.5).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../shared/i18n/i18n';
import { stubFetch } from '../test/fetchStub';
import { settingsFixture, userFixture } from '../test/fixtures';
import { renderInRouter, seedStores, setupTestI18n } from '../test/render';
import { useSession } from '../shared/session';
import { SignupWizard } from '../features/signup/SignupWizard';
import './slots/signupSlots';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const NAME = 'Robin snap robin_x';
const NUDGE = { error: 'profile_text_flagged', params: { field: 'name', text: NAME, reasons: ['messenger'], spans: [{ start: 6, end: 18, reason: 'messenger' }], also: [] } };

let fetchMock: ReturnType<typeof vi.fn>;
let answers: Response[];
beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces('profile');
});
beforeEach(() => {
  localStorage.clear();
  seedStores({ settings: settingsFixture({ min_age: 18 }) });
  answers = [];
  fetchMock = vi.fn((url: string) =>
    Promise.resolve(url.startsWith('/api/regions') ? json(200, { regions: [] }) : (answers.shift() ?? json(500, { error: 'internal_error', params: {} }))),
  );
  stubFetch(fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

const next = () => fireEvent.click(screen.getByTestId('signup-next'));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const signups = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/signup').map(([, init]) => JSON.parse(init.body));

function fillIn(name: string) {
  fireEvent.click(screen.getByLabelText('A woman'));
  fireEvent.click(screen.getByLabelText('Men'));
  next();
  type('Profile name', name);
  next();
  fireEvent.change(screen.getByLabelText('Day'), { target: { value: '29' } });
  fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2' } });
  fireEvent.change(screen.getByLabelText('Year'), { target: { value: '1996' } });
  next();
  fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'NL' } });
  next();
  type('E-mail address', 'robin@example.com');
  next();
  type('Password', 'correct horse battery');
  fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
  fireEvent.click(screen.getByTestId('signup-submit'));
}

describe('the nudge at signup', () => {
  it('Edit name goes back to the name, which is in the field', async () => {
    answers = [json(409, NUDGE)];
    renderInRouter(<SignupWizard onDone={() => undefined} />);
    fillIn(NAME);
    const nudge = await screen.findByTestId('profile-nudge');
    expect(within(nudge).getByTestId('profile-nudge-mark').firstChild?.textContent).toBe('snap robin_x');
    expect(nudge).toHaveTextContent('Your name contains contact details or a link.');
    expect(nudge).toHaveTextContent('If you sign up with it anyway');
    fireEvent.click(within(nudge).getByTestId('profile-nudge-edit'));
    await waitFor(() => expect(screen.queryByTestId('profile-nudge')).not.toBeInTheDocument());
    const field = screen.getByLabelText('Profile name');
    expect(field).toHaveValue(NAME);
    await waitFor(() => expect(field).toHaveFocus());
    expect(signups()).toHaveLength(1);
    expect(useSession.getState().user).toBeNull();
  });

  it('Sign up anyway sends the same form confirmed', async () => {
    const done = vi.fn();
    answers = [json(409, NUDGE), json(201, { user: userFixture({ id: 12 }) })];
    renderInRouter(<SignupWizard onDone={done} />);
    fillIn(NAME);
    fireEvent.click(await screen.findByTestId('profile-nudge-save'));
    await waitFor(() => expect(done).toHaveBeenCalled());
    const [first, second] = signups();
    expect(first).not.toHaveProperty('confirmed');
    expect(second).toEqual({ ...first, confirmed: true });
    expect(useSession.getState().user?.id).toBe(12);
  });
});

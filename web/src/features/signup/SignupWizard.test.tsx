import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { renderInRouter, seedStores, setupTestI18n } from '../../test/render';
import { useSession } from '../../shared/session';
import { SIGNUP_FORM_KEY, loadSignupForm, saveSignupForm, storableSignupForm } from './signupForm';
import { SignupWizard } from './SignupWizard';
import { captureTraffic } from '../../shared/signup/traffic';
import { stubFetch } from '../../test/fetchStub';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeAll(() => setupTestI18n());
beforeEach(() => {
  seedStores({ settings: settingsFixture({ min_age: 18 }) });
  fetchMock = vi.fn();
  stubFetch(fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

const next = () => fireEvent.click(screen.getByTestId('signup-next'));
/** The signup's answer; the place step's regions come from the server too. */
const serveSignup = (status: number, body: unknown) =>
  fetchMock.mockImplementation((url: string) =>
    Promise.resolve(url.startsWith('/api/regions') ? json(200, { regions: [{ code: 'NL-NH', name: 'Noord-Holland' }] }) : json(status, body)),
  );
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillUpToPassword(email = 'robin@example.com') {
  fireEvent.click(screen.getByLabelText('A woman'));
  fireEvent.click(screen.getByLabelText('Men'));
  next();
  type('Profile name', 'Robin');
  next();
  fireEvent.change(screen.getByLabelText('Day'), { target: { value: '29' } });
  fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2' } });
  fireEvent.change(screen.getByLabelText('Year'), { target: { value: '1996' } });
  next();
  fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'NL' } });
  type('City or town', 'Haarlem');
  next();
  type('E-mail address', email);
  next();
  type('Password', 'correct horse battery');
  fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
}

describe('stored signup form', () => {
  it('never holds the password', () => {
    const stored = storableSignupForm({ ...loadSignupForm(), email: 'a@b.cd', password: 'secret-pass' });
    expect(stored).not.toHaveProperty('password');
    saveSignupForm({ email: 'a@b.cd', password: 'secret-pass' });
    expect(localStorage.getItem(SIGNUP_FORM_KEY)).not.toContain('secret-pass');
    expect(loadSignupForm().password).toBe('');
  });

  it('keeps every step but the password while the member fills in the wizard', () => {
    renderInRouter(<SignupWizard onDone={() => undefined} />);
    fillUpToPassword();
    const raw = localStorage.getItem(SIGNUP_FORM_KEY)!;
    expect(JSON.parse(raw)).toEqual({
      email: 'robin@example.com',
      name: 'Robin',
      date_of_birth: '1996-02-29',
      gender: 'female',
      seeking: 'male',
      country: 'NL',
      region: '',
      city: 'Haarlem',
    });
    expect(raw).not.toContain('correct horse battery');
    expect(Object.values(localStorage).join()).not.toContain('correct horse battery');
  });
});

describe('signup wizard', () => {
  it('checks each step before going on, with the server texts', () => {
    renderInRouter(<SignupWizard onDone={() => undefined} />);
    expect(screen.getByText('Step 1 of 6')).toBeInTheDocument();
    next();
    expect(screen.getByText('Choose whether you are a man or a woman.')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('A man'));
    fireEvent.click(screen.getByLabelText('Women'));
    next();
    type('Profile name', '@sam');
    next();
    expect(screen.getByText('Your profile name must not start with an @')).toBeInTheDocument();
    type('Profile name', 'sam@example.com');
    next();
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: String(new Date().getFullYear() - 18) } });
    next();
    // Where the member lives is asked, never guessed (issue 19.2): no country, no next step.
    expect(screen.getByText('Step 4 of 6')).toBeInTheDocument();
    expect(screen.getByLabelText('Country')).toHaveValue('');
    next();
    expect(screen.getByText('Choose a country from the list.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'NL' } });
    next();
    type('E-mail address', 'sam@example.com');
    next();
    // The name equals the e-mail: back to the name step with the spec's message.
    expect(screen.getByText('Step 2 of 6')).toBeInTheDocument();
    expect(screen.getByText('Your profile name must be different from your e-mail address')).toBeInTheDocument();
  });

  it('sends the signup with the traffic source, clears the stored form and logs in', async () => {
    captureTraffic('?network=adnet&sub1=42', 1);
    const user = userFixture({ status: 'not_confirmed', email: 'robin@example.com' });
    serveSignup(201, { user });
    const onDone = vi.fn();
    renderInRouter(<SignupWizard onDone={onDone} />);
    fillUpToPassword();
    fireEvent.click(screen.getByTestId('signup-submit'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls.find(([called]) => called === '/api/signup')!;
    expect(url).toBe('/api/signup');
    expect(JSON.parse(init.body)).toEqual({
      email: 'robin@example.com',
      name: 'Robin',
      date_of_birth: '1996-02-29',
      password: 'correct horse battery',
      gender: 'female',
      seeking: 'male',
      country: 'NL',
      city: 'Haarlem',
      language: 'en',
      traffic: { network: 'adnet', sub1: '42' },
      marketing: false,
    });
    expect(localStorage.getItem(SIGNUP_FORM_KEY)).toBeNull();
    expect(useSession.getState().user).toEqual(user);
  });

  it('asks for marketing mail with a box the visitor must tick themselves (issue 29.7)', async () => {
    serveSignup(201, { user: userFixture({ status: 'not_confirmed' }) });
    const onDone = vi.fn();
    renderInRouter(<SignupWizard onDone={onDone} />);
    fillUpToPassword();
    const optIn = screen.getByRole('checkbox', { name: /offers, news and a weekly update from Amora/ });
    expect(optIn).not.toBeChecked();
    fireEvent.click(optIn);
    fireEvent.click(screen.getByTestId('signup-submit'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls.find(([called]) => called === '/api/signup')!;
    expect(JSON.parse(init.body)).toMatchObject({ marketing: true });
  });

  it("starts as the site's niche says: a man looking for men on the gay men's site", () => {
    seedStores({ settings: settingsFixture({ niche: 7, niche_slug: 'gay-', signup_gender: 'male', signup_seeking: 'male' }) });
    renderInRouter(<SignupWizard onDone={() => undefined} />);
    expect(screen.getByLabelText('A man')).toBeChecked();
    expect(screen.getByLabelText('Men')).toBeChecked();
    expect(screen.getByLabelText('A woman')).not.toBeChecked();
    expect(screen.getByLabelText('Women')).not.toBeChecked();
    expect(screen.getByText('Step 1 of 6')).toBeInTheDocument(); // still asked, only preset
    next();
    expect(screen.getByText('Step 2 of 6')).toBeInTheDocument();
  });

  it('leaves the choice open where the niche does not say', () => {
    renderInRouter(<SignupWizard onDone={() => undefined} />);
    expect(screen.getByLabelText('A man')).not.toBeChecked();
    expect(screen.getByLabelText('A woman')).not.toBeChecked();
  });

  it("keeps the visitor's own earlier choice over the niche's", () => {
    seedStores({ settings: settingsFixture({ niche: 7, signup_gender: 'male', signup_seeking: 'male' }) });
    saveSignupForm({ gender: 'female', seeking: 'female' });
    renderInRouter(<SignupWizard onDone={() => undefined} />);
    expect(screen.getByText('Step 2 of 6')).toBeInTheDocument(); // where it stopped
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('A woman')).toBeChecked();
    expect(screen.getByLabelText('Women')).toBeChecked();
  });

  it('maps server field errors back to their step', async () => {
    serveSignup(400, { error: 'invalid_fields', params: { fields: { email: 'invalid_email', password: 'password_too_common' }, params: {} } });
    renderInRouter(<SignupWizard onDone={() => undefined} />);
    fillUpToPassword();
    fireEvent.click(screen.getByTestId('signup-submit'));
    expect(await screen.findByText('Step 5 of 6')).toBeInTheDocument();
    expect(screen.getByText('Invalid e-mail')).toBeInTheDocument();
  });

  it('offers login and a password reset for an existing account', async () => {
    serveSignup(409, { error: 'account_exists', params: {} });
    renderInRouter(<SignupWizard onDone={() => undefined} />);
    fillUpToPassword();
    fireEvent.click(screen.getByTestId('signup-submit'));
    const box = await screen.findByTestId('signup-account-exists');
    expect(box).toHaveTextContent('There is already an account with this e-mail address.');
    expect(screen.getAllByRole('link', { name: 'Log in' })[0]).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'reset your password' })).toHaveAttribute('href', '/reset-password');
  });

  it('offers reactivation or support for a recently deleted account', async () => {
    serveSignup(409, { error: 'account_deleted_reactivatable', params: { support_email: 'help@amora.test' } });
    renderInRouter(<SignupWizard onDone={() => undefined} />);
    fillUpToPassword();
    fireEvent.click(screen.getByTestId('signup-submit'));
    const box = await screen.findByTestId('signup-account-deleted');
    expect(box).toHaveTextContent('reactivate it with the link in the e-mail');
    expect(screen.getByRole('link', { name: 'Contact customer service' })).toHaveAttribute('href', 'mailto:help@amora.test');
  });
});

describe('addressing the visitor', () => {
  afterEach(async () => {
    await setupTestI18n('en');
  });

  it.each([
    ['female', 'Kiedy się urodziłaś?'],
    ['male', 'Kiedy się urodziłeś?'],
  ] as const)('asks a %s visitor in Polish in their own grammatical gender (issue 29.7)', async (gender, question) => {
    await setupTestI18n('pl');
    saveSignupForm({ gender, seeking: 'male', name: 'Ewa' });
    renderInRouter(<SignupWizard onDone={() => undefined} />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(question);
  });
});

describe('signup policy', () => {
  it('shows invite-only instead of the form', () => {
    seedStores({ settings: settingsFixture({ signups: 'invite_only', name: 'Flirt' }) });
    renderInRouter(<SignupWizard onDone={() => undefined} />);
    expect(screen.getByText('Flirt is currently invite-only')).toBeInTheDocument();
    expect(screen.queryByTestId('signup-next')).toBeNull();
  });

  it('explains that signups need a partner link when no traffic source was captured', () => {
    seedStores({ settings: settingsFixture({ signups: 'with_trafficsource', name: 'Flirt' }) });
    renderInRouter(<SignupWizard onDone={() => undefined} />);
    expect(screen.getByTestId('signup-needs_traffic_source')).toHaveTextContent('only possible through a partner');
    expect(screen.queryByTestId('signup-next')).toBeNull();
  });

  it('opens the form for visitors who came through a partner link, now or earlier', () => {
    captureTraffic('?network=partner', 1);
    seedStores({ settings: settingsFixture({ signups: 'with_trafficsource' }) });
    renderInRouter(<SignupWizard onDone={() => undefined} />);
    expect(screen.getByTestId('signup-next')).toBeInTheDocument();
  });
});

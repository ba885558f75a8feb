import { fireEvent, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { seedStores, setupTestI18n } from '../../test/render';
import { flush } from '../../test/time';
import { useSession } from '../../shared/session';
import { checkComplaint, complaintBody, positiveId, problemsOf } from './complaintForm';
import { ComplaintsPage } from './ComplaintsPage';
import { ApiError } from '../../shared/api/errors';
import { stubFetch } from '../../test/fetchStub';

/** The text's lengths as the server gives them (settings.limits). */
const LIMITS = { min: 10, max: 5000 };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const failure = (status: number, error: string, params: Record<string, unknown> = {}) => json(status, { error, params });

const PROFILE = {
  id: 5,
  name: 'Mila',
  gender: 'female',
  age: 29,
  country: 'NL',
  interests: [],
  is_fictional: false,
  blocked_by_me: false,
  liked_by_me: false,
  likes_me: false,
  match: false,
  photo_count: 0,
  photos: [],
};
/** Visitors give a name; everyone states good faith. */
const FIELDS = { name: '', goodFaith: true };
const VISITOR = { name: 'Vera Visser', good_faith: true, language: 'en' };

let fetchMock: ReturnType<typeof vi.fn>;
/** The answer to the complaint; the member lookup answers from `member`. */
let answer: (body: Record<string, unknown>) => Response;
let member: (id: string) => Response;

const posts = () =>
  fetchMock.mock.calls
    .filter(([url, init]) => new URL(String(url), 'http://amora.test').pathname === '/api/complaints' && (init as RequestInit).method === 'POST')
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);

beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces(['complaints', 'discovery']);
});
beforeEach(() => {
  seedStores({ settings: settingsFixture() });
  useSession.setState({ user: null });
  answer = () => json(201, { id: 321, status: 'open' });
  member = () => failure(404, 'member_not_found');
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://amora.test').pathname;
    if (path === '/api/complaints') return Promise.resolve(answer(JSON.parse(String(init?.body)) as Record<string, unknown>));
    const found = /^\/api\/members\/(\d+)$/.exec(path);
    if (found) return Promise.resolve(member(found[1]!));
    return Promise.resolve(failure(404, 'not_found'));
  });
  stubFetch(fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

function renderAt(path = '/complaints') {
  const router = createMemoryRouter(
    [
      { path: '/complaints', element: <ComplaintsPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

/** Lets fetch answers and React updates run (event-loop turns, not a sleep). */
const settle = () => flush();

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const choose = (category: string) => fireEvent.click(screen.getByTestId(`complaint-category-${category}`));
const send = async () => {
  fireEvent.click(screen.getByTestId('complaint-submit'));
  await settle();
};
const TEXT = 'He sends the same link to everyone, again and again.';
const sign = () => fireEvent.click(screen.getByTestId('complaint-good-faith'));
/** A visitor fills in who they are and states good faith. */
const identify = (email = 'visitor@example.test') => {
  type('complaint-name', 'Vera Visser');
  type('complaint-email', email);
  sign();
};

describe('the complaint rules', () => {
  it('checks every field at once, like the server', () => {
    expect(checkComplaint({ category: '', text: '', email: '', member: '', name: '', goodFaith: false }, { needsEmail: true, ...LIMITS })).toEqual({
      category: { code: 'required' },
      text: { code: 'required' },
      email: { code: 'required' },
      name: { code: 'required' },
      good_faith: { code: 'required' },
    });
    expect(checkComplaint({ ...FIELDS, category: 'spam', text: '  short  ', email: 'no', member: '12a', name: 'N'.repeat(101) }, { needsEmail: true, ...LIMITS })).toEqual({
      text: { code: 'too_short', params: { min: 10 } },
      email: { code: 'invalid_email' },
      name: { code: 'too_long', params: { max: 100 } },
      member_id: { code: 'invalid_member' },
    });
    expect(checkComplaint({ ...FIELDS, category: 'other', text: 'x'.repeat(5001), email: '', member: '' }, { needsEmail: false, ...LIMITS })).toEqual({
      text: { code: 'too_long', params: { max: 5000 } },
    });
    // Characters as the server counts them: an emoji is one.
    expect(checkComplaint({ ...FIELDS, category: 'other', text: '😀'.repeat(10), email: '', member: '' }, { needsEmail: false, ...LIMITS })).toEqual({});
    // Whoever reports a possible minor may stay unnamed; a member gives no name at all.
    expect(checkComplaint({ ...FIELDS, category: 'underage', text: TEXT, email: 'a@b.nl', member: '' }, { needsEmail: true, ...LIMITS })).toEqual({});
  });

  it('sends only the fields that are filled in, with the exact item', () => {
    const fields = { ...FIELDS, category: 'spam' as const, text: `  ${TEXT} `, email: ' a@b.nl ', member: '', name: ' Vera ' };
    const visitor = { needsEmail: true, item: null, language: 'de' };
    expect(complaintBody(fields, visitor)).toEqual({ category: 'spam', text: TEXT, email: 'a@b.nl', name: 'Vera', good_faith: true, language: 'de' });
    expect(complaintBody({ ...fields, member: '7' }, visitor)).toMatchObject({ member_id: 7, item_kind: 'profile', item_id: 7 });
    expect(complaintBody({ ...fields, member: '7' }, { ...visitor, item: { kind: 'photo', id: 70 } })).toMatchObject({ member_id: 7, item_kind: 'photo', item_id: 70 });
    expect(complaintBody({ ...fields, member: '7' }, { needsEmail: false, item: { kind: 'message', id: 9 }, language: 'nl' })).toEqual({
      category: 'spam',
      text: TEXT,
      good_faith: true,
      language: 'nl',
      member_id: 7,
      item_kind: 'message',
      item_id: 9,
    });
  });

  it('reads ids and maps refusals to their fields', () => {
    expect([positiveId('12'), positiveId('0'), positiveId('-1'), positiveId('1e3'), positiveId(null), positiveId('99999999999')]).toEqual([12, null, null, null, null, null]);
    expect(problemsOf(new ApiError(400, 'invalid_fields', { fields: { text: 'too_short' }, params: { text: { min: 10 } } }))).toEqual({
      text: { code: 'too_short', params: { min: 10 } },
    });
    expect(problemsOf(new ApiError(404, 'member_not_found'))).toEqual({ member_id: { code: 'member_not_found' } });
    expect(problemsOf(new ApiError(404, 'message_not_found'))).toEqual({ message_id: { code: 'message_not_found' } });
    expect(problemsOf(new ApiError(404, 'photo_not_found'))).toEqual({ item_id: { code: 'photo_not_found' } });
    expect(problemsOf(new ApiError(400, 'invalid_fields', { fields: { good_faith: 'required', item_kind: 'invalid_choice' } }))).toEqual({
      good_faith: { code: 'required', params: {} },
      item_id: { code: 'invalid_choice', params: {} },
    });
    expect(problemsOf(new ApiError(429, 'too_many_requests'))).toBeNull();
  });
});

describe('/complaints', () => {
  it('shows what is missing at the fields and sends nothing', async () => {
    renderAt();
    await send();
    expect(screen.getByTestId('complaint-category-error')).toHaveTextContent('Please choose what your report is about.');
    expect(screen.getByTestId('complaint-text-error')).toHaveTextContent('Please describe what happened.');
    expect(screen.getByTestId('complaint-email-error')).toHaveTextContent('We need your e-mail address to answer you.');
    expect(screen.getByTestId('complaint-name-error')).toHaveTextContent('Please give your name. Only when you report a possible minor may you leave it out.');
    expect(screen.getByTestId('complaint-good-faith-error')).toHaveTextContent('Please confirm that you make this report in good faith.');
    expect(screen.getByTestId('complaint-good-faith')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('complaint-text')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('complaint-text').getAttribute('aria-describedby')).toContain('complaint-text-error');
    // The first field with a problem takes the focus.
    expect(document.activeElement).toBe(screen.getByTestId('complaint-category-spam'));
    expect(posts()).toEqual([]);

    choose('harassment');
    type('complaint-text', 'Too short');
    type('complaint-email', 'not-an-address');
    type('complaint-member', '12x');
    expect(screen.queryByTestId('complaint-category-error')).toBeNull();
    expect(screen.queryByTestId('complaint-text-error')).toBeNull(); // typing clears a field's problem
    sign();
    expect(screen.queryByTestId('complaint-good-faith-error')).toBeNull(); // so does ticking the box
    sign();
    await send();
    expect(screen.getByTestId('complaint-text-error')).toHaveTextContent('Please write at least 10 characters.');
    expect(screen.getByTestId('complaint-email-error')).toHaveTextContent('This e-mail address is not valid.');
    expect(screen.getByTestId('complaint-member-error')).toHaveTextContent("Enter the member's number in digits only");
    expect(document.activeElement).toBe(screen.getByTestId('complaint-member'));
    expect(posts()).toEqual([]);
  });

  it('counts the characters', () => {
    renderAt();
    expect(screen.getByTestId('complaint-counter')).toHaveTextContent('0 / 5000 characters');
    type('complaint-text', 'Hello 😀');
    expect(screen.getByTestId('complaint-counter')).toHaveTextContent('7 / 5000 characters');
    type('complaint-text', 'x'.repeat(5001));
    expect(screen.getByTestId('complaint-counter')).toHaveClass('is-over');
  });

  it('sends a visitor complaint with only the filled fields and confirms it with its number', async () => {
    renderAt();
    choose('fake_profile');
    type('complaint-text', `  ${TEXT}  `);
    identify();
    await send();
    expect(posts()).toEqual([{ category: 'fake_profile', text: TEXT, email: 'visitor@example.test', ...VISITOR }]);
    const done = screen.getByTestId('complaint-done');
    expect(within(done).getByTestId('complaint-number')).toHaveTextContent('#321');
    expect(done).toHaveTextContent('We e-mail you a confirmation straight away, and the outcome once we have decided.');
    expect(done).toHaveTextContent('Reports about members who may be under 18 and about illegal content are handled first.');
    expect(document.activeElement).toBe(within(done).getByRole('heading', { level: 2 }));
    expect(screen.getByTestId('complaint-done-home')).toHaveAttribute('href', '/');

    // Another one: an empty form again.
    fireEvent.click(screen.getByTestId('complaint-another'));
    expect(screen.getByTestId('complaint-text')).toHaveValue('');
  });

  it('answers a member at their account address and says an urgent report is handled first', async () => {
    useSession.setState({ user: userFixture() });
    renderAt('/complaints?message=44');
    expect(screen.queryByTestId('complaint-email')).toBeNull();
    expect(screen.getByTestId('complaint-member-email')).toHaveTextContent('sam@example.test');
    expect(screen.getByTestId('complaint-message-ref')).toHaveTextContent('Message 44');
    expect(screen.queryByTestId('complaint-name')).toBeNull(); // a member is known by their profile
    choose('underage');
    type('complaint-text', TEXT);
    sign();
    await send();
    expect(posts()).toEqual([{ category: 'underage', text: TEXT, good_faith: true, language: 'en', item_kind: 'message', item_id: 44 }]);
    expect(screen.getByTestId('complaint-next')).toHaveTextContent('Your report is about a possible minor or illegal content: we handle it first.');
    expect(screen.getByTestId('complaint-done-home')).toHaveAttribute('href', '/members');
  });

  it('ignores a message reference from a visitor', async () => {
    renderAt('/complaints?message=44');
    expect(screen.queryByTestId('complaint-message-ref')).toBeNull();
    choose('other');
    type('complaint-text', TEXT);
    identify();
    await send();
    expect(posts()[0]).not.toHaveProperty('item_kind');
  });

  it('shows the server field errors at the fields and keeps everything typed', async () => {
    answer = () => failure(400, 'invalid_fields', { fields: { text: 'too_short', email: 'invalid_email' }, params: { text: { min: 10 } } });
    renderAt();
    choose('spam');
    type('complaint-text', TEXT);
    identify('odd@example.test');
    await send();
    expect(posts()).toHaveLength(1);
    expect(screen.getByTestId('complaint-text-error')).toHaveTextContent('Please write at least 10 characters.');
    expect(screen.getByTestId('complaint-email-error')).toHaveTextContent('This e-mail address is not valid.');
    expect(document.activeElement).toBe(screen.getByTestId('complaint-text'));
    expect(screen.getByTestId('complaint-text')).toHaveValue(TEXT);
    expect(screen.getByTestId('complaint-email')).toHaveValue('odd@example.test');
    expect(screen.getByTestId('complaint-category-spam')).toBeChecked();
    expect(screen.queryByTestId('complaint-done')).toBeNull();
  });

  it('shows an unknown member at the member field, and too many reports above the button', async () => {
    answer = () => failure(404, 'member_not_found');
    renderAt();
    choose('spam');
    type('complaint-text', TEXT);
    identify();
    type('complaint-member', '999');
    await send();
    expect(posts()[0]).toMatchObject({ member_id: 999, item_kind: 'profile', item_id: 999 });
    expect(screen.getByTestId('complaint-member-error')).toHaveTextContent('We could not find a member with this number.');
    expect(document.activeElement).toBe(screen.getByTestId('complaint-member'));

    answer = () => failure(429, 'too_many_requests');
    type('complaint-member', '');
    await send();
    expect(posts()).toHaveLength(2); // refused once, not retried
    expect(screen.getByTestId('complaint-error')).toHaveTextContent('You have sent several reports in a short time.');
    expect(screen.getByTestId('complaint-text')).toHaveValue(TEXT);
  });

  it('names the member from ?member= and sends their id', async () => {
    member = (id) => (id === '5' ? json(200, { profile: PROFILE }) : failure(404, 'member_not_found'));
    renderAt('/complaints?member=5');
    expect(screen.getByTestId('complaint-member-ref')).toHaveTextContent('Looking up member 5');
    await settle();
    expect(screen.getByTestId('complaint-member-name')).toHaveTextContent('Mila, 29');
    expect(screen.queryByTestId('complaint-member')).toBeNull();
    choose('fake_profile');
    type('complaint-text', TEXT);
    identify();
    await send();
    expect(posts()).toEqual([{ category: 'fake_profile', text: TEXT, email: 'visitor@example.test', ...VISITOR, member_id: 5, item_kind: 'profile', item_id: 5 }]);
  });

  it('takes the member away on request, and falls back to the number when the lookup fails', async () => {
    member = () => json(200, { profile: PROFILE });
    const { unmount } = renderAt('/complaints?member=5');
    await settle();
    fireEvent.click(screen.getByTestId('complaint-member-remove'));
    expect(screen.queryByTestId('complaint-member-ref')).toBeNull();
    expect(screen.getByTestId('complaint-member')).toHaveValue('');
    expect(document.activeElement).toBe(screen.getByTestId('complaint-member'));
    unmount();

    member = () => failure(404, 'member_not_found');
    renderAt('/complaints?member=8');
    await settle();
    expect(screen.getByTestId('complaint-member')).toHaveValue('8');
  });

  it('names the photo from ?photo= and sends it as the item', async () => {
    const photos = [
      { id: 70, filename: 'a.jpg', thumb_filename: 'a_t.jpg', locked: false },
      { id: 71, filename: null, thumb_filename: null, locked: true },
    ];
    member = () => json(200, { profile: { ...PROFILE, photo_count: 2, photos } });
    renderAt('/complaints?member=5&photo=70');
    await settle();
    expect(screen.getByTestId('complaint-photo-ref')).toHaveTextContent('About this photo');
    expect(screen.getByTestId('complaint-photo-name')).toHaveTextContent('A photo of Mila');
    expect(screen.getByTestId('complaint-photo-ref').querySelector('img')).toHaveAttribute('src', expect.stringContaining('a_t.jpg'));
    choose('illegal_content');
    type('complaint-text', TEXT);
    identify();
    answer = () => failure(404, 'photo_not_found');
    await send();
    expect(posts()[0]).toMatchObject({ member_id: 5, item_kind: 'photo', item_id: 70 });
    expect(screen.getByTestId('complaint-photo-error')).toHaveTextContent('We could not find this photo, or it is not shown to you.');
    expect(document.activeElement).toBe(screen.getByTestId('complaint-photo-remove'));

    // Not about the photo after all: the member's profile is the item.
    fireEvent.click(screen.getByTestId('complaint-photo-remove'));
    expect(screen.queryByTestId('complaint-photo-ref')).toBeNull();
    answer = () => json(201, { id: 322, status: 'open' });
    await send();
    expect(posts()[1]).toMatchObject({ member_id: 5, item_kind: 'profile', item_id: 5 });
    expect(screen.getByTestId('complaint-number')).toHaveTextContent('#322');
  });

  it('lets a visitor who reports a possible minor leave the name out', async () => {
    renderAt('/complaints?member=5');
    await settle();
    expect(screen.getByText('We need it to handle your report. The member you report is never told who you are.')).toBeInTheDocument();
    choose('underage');
    expect(screen.getByTestId('complaint-name')).not.toBeRequired();
    expect(screen.getByText('When you report a possible minor, you may leave your name out.')).toBeInTheDocument();
    type('complaint-text', TEXT);
    type('complaint-email', 'visitor@example.test');
    sign();
    await send();
    expect(posts()).toEqual([{ category: 'underage', text: TEXT, email: 'visitor@example.test', good_faith: true, language: 'en', member_id: 5, item_kind: 'profile', item_id: 5 }]);
  });

  it("sends the report in the screen's language and shows the server's field errors for the new fields", async () => {
    answer = () => failure(400, 'invalid_fields', { fields: { name: 'too_long', good_faith: 'required' }, params: { name: { max: 100 } } });
    renderAt();
    choose('spam');
    type('complaint-text', TEXT);
    identify();
    await send();
    expect(screen.getByTestId('complaint-name-error')).toHaveTextContent('Please keep it to 100 characters at most.');
    expect(screen.getByTestId('complaint-good-faith-error')).toHaveTextContent('Please confirm that you make this report in good faith.');
    expect(document.activeElement).toBe(screen.getByTestId('complaint-name'));
    expect(screen.getByTestId('complaint-good-faith')).toBeChecked(); // what was given stays
  });

  it('has no accessibility violations axe can find without a layout', async () => {
    const { container } = renderAt('/complaints?member=5');
    await settle();
    await send();
    const result = await axe.run(container, { resultTypes: ['violations'], rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});

describe('the complaints catalog', () => {
  it('is informal in Dutch', () => {
    const nl = i18n.getFixedT('nl', 'complaints');
    return i18n.loadLanguages('nl').then(() => i18n.loadNamespaces('complaints')).then(() => {
      expect(nl('form.emailHint')).toBe('We antwoorden je op dit adres.');
    });
  });
});

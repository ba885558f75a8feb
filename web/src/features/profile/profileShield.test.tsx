/**
 * The scam shield in the profile editor (issue 31.2): a flagged name or about text comes
 * back as 409 profile_text_flagged; the editor nudges (found parts marked), Edit keeps the
 * text in its field, Save anyway sends the same section confirmed, and a text saved so
 * says that visitors see a warning.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EditableProfile } from '../../shared/api/types';
import { i18n } from '../../shared/i18n/i18n';
import { flaggedProfileTexts, shieldGroups, textPieces } from '../../shared/shield';
import { ApiError } from '../../shared/api/errors';
import { stubFetch } from '../../test/fetchStub';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { seedStores, setupTestI18n } from '../../test/render';
import { useSession } from '../../shared/session';
import { useProfileCatalogs } from '../../shared/catalogs/catalogStore';
import { ProfilePage } from './ProfilePage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// The emoji is two UTF-16 code units: the spans count them as the browser does.
const LURE = 'Hi 😀 text me on +31 6 12345678, or pay 50 euro by Western Union';
const PHONE = { start: 17, end: 31, reason: 'phone' };
const UNION = { start: 51, end: 64, reason: 'transfer_service' };
const NUDGE = { error: 'profile_text_flagged', params: { field: 'about', text: LURE, reasons: ['phone', 'transfer_service'], spans: [PHONE, UNION], also: [] } };

function profileFixture(overrides: Partial<EditableProfile> = {}): EditableProfile {
  return {
    id: 7,
    name: 'Sam',
    gender: 'female',
    sexuality: 'straight',
    birth_date: '1990-05-01',
    age: 35,
    country: 'NL',
    region: null,
    city: null,
    about_me: 'Hello there',
    interests: [],
    hair_colour: null,
    eye_colour: null,
    body_type: null,
    relationship_status: null,
    tattoos: null,
    status: 'active',
    photos: [],
    photo_limit: 3,
    text_flags: { name: [], about: [] },
    ...overrides,
  };
}

let fetchMock: ReturnType<typeof vi.fn>;
let profile: EditableProfile;
let putAnswers: Response[];

function serve(url: string, init?: RequestInit): Response {
  const path = url.split('?')[0];
  if (path === '/api/profile' && init?.method === 'PUT') return putAnswers.shift() ?? json(500, { error: 'internal_error', params: {} });
  if (path === '/api/profile') return json(200, { profile });
  if (path === '/api/interests') return json(200, { interests: ['art'] });
  if (path === '/api/regions') return json(200, { regions: [] });
  return json(404, { error: 'not_found', params: {} });
}

const puts = () => fetchMock.mock.calls.filter(([url, init]) => String(url).split('?')[0] === '/api/profile' && init?.method === 'PUT').map(([, init]) => JSON.parse(init.body));

beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces('profile');
});
beforeEach(() => {
  profile = profileFixture();
  putAnswers = [];
  seedStores({ settings: settingsFixture({ visible_profile_fields: ['gender', 'birth_date', 'country'] }) });
  useSession.setState({ user: userFixture({ paid_user: false }) });
  useProfileCatalogs.getState().reset();
  fetchMock = vi.fn((url: string, init?: RequestInit) => Promise.resolve(serve(url, init)));
  stubFetch(fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

function renderProfile() {
  const router = createMemoryRouter([{ path: '/profile', element: <ProfilePage /> }], { initialEntries: ['/profile'] });
  render(<RouterProvider router={router} />);
}

describe('shield rules', () => {
  it('reads the nudge of a refused save, the named text first', () => {
    const error = new ApiError(409, 'profile_text_flagged', {
      ...NUDGE.params,
      field: 'name',
      text: 'Mia telegram @mia',
      reasons: ['messenger'],
      spans: [{ start: 4, end: 17, reason: 'messenger' }, { start: 'x', end: 2, reason: 'phone' }],
      also: [{ field: 'about', text: LURE, reasons: ['phone'], spans: [PHONE] }, { field: 'city', text: 'x' }],
    });
    const texts = flaggedProfileTexts(error)!;
    expect(texts.map((text) => text.field)).toEqual(['name', 'about']);
    expect(texts[0].spans).toEqual([{ start: 4, end: 17, reason: 'messenger' }]);
    expect(flaggedProfileTexts(new ApiError(409, 'message_flagged', NUDGE.params))).toBeNull();
    expect(flaggedProfileTexts(new Error('boom'))).toBeNull();
  });

  it('cuts a text into its found parts and the rest, which join to the whole', () => {
    const pieces = textPieces(LURE, [UNION, PHONE, { start: 20, end: 25, reason: 'phone' }, { start: 90, end: 99, reason: 'link' }]);
    expect(pieces.map((piece) => piece.text).join('')).toBe(LURE);
    expect(pieces.filter((piece) => piece.reason).map((piece) => piece.text)).toEqual(['+31 6 12345678', 'Western Union']);
    expect(shieldGroups(['phone', 'iban', 'unknown', 'link'])).toEqual(['money', 'contact']);
  });
});

describe('the nudge in the profile editor', () => {
  it('marks what was found; Edit keeps the text in its field and saves nothing', async () => {
    putAnswers = [json(409, NUDGE)];
    renderProfile();
    const about = await screen.findByTestId('profile-about-me');
    fireEvent.change(about, { target: { value: LURE } });
    fireEvent.click(screen.getByTestId('profile-save-about'));
    const nudge = await screen.findByTestId('profile-nudge');
    expect(within(nudge).getByRole('heading')).toHaveTextContent('Before you save this');
    const marks = within(nudge).getAllByTestId('profile-nudge-mark');
    expect(marks.map((mark) => mark.firstChild?.textContent)).toEqual(['+31 6 12345678', 'Western Union']);
    expect(marks[0]).toHaveTextContent('(a phone number)');
    expect(within(nudge).getByTestId('profile-nudge-text')).toHaveTextContent(/^Hi 😀 text me on/);
    expect(within(nudge).getAllByTestId('profile-nudge-group').map((group) => group.dataset.group)).toEqual(['money', 'contact']);
    expect(nudge).toHaveTextContent('Your about text asks for money or mentions a payment.');
    expect(nudge).toHaveTextContent('Found: a money transfer service.');
    expect(nudge).toHaveTextContent('Your about text contains contact details or a link.');
    const edit = within(nudge).getByTestId('profile-nudge-edit');
    expect(edit).toHaveTextContent('Edit text');
    expect(edit).toHaveFocus();
    fireEvent.click(edit);
    await waitFor(() => expect(screen.queryByTestId('profile-nudge')).not.toBeInTheDocument());
    expect(screen.getByTestId('profile-about-me')).toHaveValue(LURE);
    await waitFor(() => expect(screen.getByTestId('profile-about-me')).toHaveFocus());
    expect(screen.queryByTestId('profile-result-about')).not.toBeInTheDocument();
    expect(puts()).toEqual([{ about_me: LURE }]);
  });

  it('Save anyway sends the section confirmed and says visitors see a warning', async () => {
    putAnswers = [json(409, NUDGE), json(200, { profile: profileFixture({ about_me: LURE, text_flags: { name: [], about: ['phone', 'transfer_service'] } }) })];
    renderProfile();
    fireEvent.change(await screen.findByTestId('profile-about-me'), { target: { value: LURE } });
    expect(screen.queryByTestId('profile-flagged-about')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('profile-save-about'));
    fireEvent.click(await screen.findByTestId('profile-nudge-save'));
    expect(await screen.findByTestId('profile-result-about')).toHaveTextContent('Saved.');
    expect(puts()).toEqual([{ about_me: LURE }, { about_me: LURE, confirmed: true }]);
    expect(screen.getByTestId('profile-flagged-about')).toHaveTextContent(
      'Visitors see a safety warning on your profile: your about text contains a phone number, a money transfer service.',
    );
    expect(screen.queryByTestId('profile-flagged-name')).not.toBeInTheDocument();
  });

  it('nudges a flagged name in the basics and takes a clean one without a nudge', async () => {
    profile = profileFixture({ text_flags: { name: ['messenger'], about: [] } });
    const nameNudge = { error: 'profile_text_flagged', params: { field: 'name', text: 'Mia snap mia_x', reasons: ['messenger'], spans: [{ start: 4, end: 14, reason: 'messenger' }], also: [] } };
    putAnswers = [json(409, nameNudge), json(200, { profile: profileFixture({ name: 'Mia' }) })];
    renderProfile();
    expect(await screen.findByTestId('profile-flagged-name')).toHaveTextContent('your name contains a messenger app');
    fireEvent.change(screen.getByTestId('profile-name'), { target: { value: 'Mia snap mia_x' } });
    fireEvent.click(screen.getByTestId('profile-save-basics'));
    const nudge = await screen.findByTestId('profile-nudge');
    expect(nudge).toHaveTextContent('Your name contains contact details or a link.');
    fireEvent.click(within(nudge).getByTestId('profile-nudge-edit'));
    await waitFor(() => expect(screen.getByTestId('profile-name')).toHaveFocus());
    fireEvent.change(screen.getByTestId('profile-name'), { target: { value: 'Mia' } });
    fireEvent.click(screen.getByTestId('profile-save-basics'));
    expect(await screen.findByTestId('profile-result-basics')).toHaveTextContent('Saved.');
    expect(screen.queryByTestId('profile-flagged-name')).not.toBeInTheDocument();
    expect(puts().map((body) => [body.name, body.confirmed])).toEqual([
      ['Mia snap mia_x', undefined],
      ['Mia', undefined],
    ]);
  });
});

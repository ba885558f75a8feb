import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/errors';
import type { EditableProfile } from '../../shared/api/types';
import { i18n } from '../../shared/i18n/i18n';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { seedStores, setupTestI18n } from '../../test/render';
import { useSession } from '../../shared/session';
import { useProfileCatalogs } from '../../shared/catalogs/catalogStore';
import { ProfilePage } from './ProfilePage';
import { photoCounter, sectionErrors, uploadError, visibleSectionFields } from './profileLogic';
import { toggleInterest } from '../../shared/catalogs';
import { stubFetch } from '../../test/fetchStub';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const INTERESTS = Array.from({ length: 25 }, (_, index) => `interest_${index}`).concat(['art', 'yoga']);

function profileFixture(overrides: Partial<EditableProfile> = {}): EditableProfile {
  return {
    id: 7,
    name: 'Sam',
    gender: 'female',
    sexuality: 'straight',
    birth_date: '1990-05-01',
    age: 35,
    country: 'NL',
    region: 'NH',
    city: 'Haarlem',
    about_me: 'Hello there',
    interests: ['art'],
    hair_colour: null,
    eye_colour: 'blue',
    body_type: null,
    relationship_status: 'single',
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
let putAnswer: () => Response;

/** A small fake server: GET/PUT /api/profile, /api/interests, /api/regions. */
function serve(url: string, init?: RequestInit): Response {
  const path = url.split('?')[0];
  if (path === '/api/profile' && (init?.method ?? 'GET') === 'GET') return json(200, { profile });
  if (path === '/api/profile' && init?.method === 'PUT') return putAnswer();
  if (path === '/api/interests') return json(200, { interests: INTERESTS });
  if (path === '/api/regions') {
    const country = new URL(url, 'http://x').searchParams.get('country');
    return json(200, { regions: country === 'DE' ? [{ code: 'BY', name: 'Bavaria' }] : [{ code: 'NH', name: 'North Holland' }] });
  }
  return json(404, { error: 'not_found', params: {} });
}

beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces('profile');
});
beforeEach(() => {
  profile = profileFixture();
  putAnswer = () => json(200, { profile });
  seedStores({ settings: settingsFixture({ visible_profile_fields: ['gender', 'birth_date', 'country', 'region', 'city', 'interests', 'hair_colour'] }) });
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
  const router = createMemoryRouter(
    [
      { path: '/profile', element: <ProfilePage /> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: ['/profile'] },
  );
  render(<RouterProvider router={router} />);
}

const section = (id: string) => within(document.getElementById(id)!);
const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).split('?')[0] === path);

describe('profile rules', () => {
  it('keeps the section errors at their fields and the rest for the section', () => {
    const error = new ApiError(400, 'invalid_fields', {
      fields: { name: 'name_length', hair_colour: 'invalid_choice' },
      params: { name: { min: 2, max: 30 } },
    });
    const basics = sectionErrors(error, ['name', 'city']);
    expect(basics.fields).toEqual({ name: { code: 'name_length', params: { min: 2, max: 30 } } });
    expect(basics.general).toBe(error);
    const other = sectionErrors(new ApiError(500, 'internal_error'), ['name']);
    expect(other.fields).toEqual({});
    expect(other.general).toBeInstanceOf(ApiError);
  });

  it('allows at most 20 interests', () => {
    const twenty = Array.from({ length: 20 }, (_, index) => `i${index}`);
    expect(toggleInterest(twenty, 'extra', 20)).toEqual({ interests: twenty, refused: true });
    expect(toggleInterest(twenty, 'i3', 20).interests).toHaveLength(19);
    expect(toggleInterest(['a'], 'b', 20)).toEqual({ interests: ['a', 'b'], refused: false });
  });

  it('shows only the fields of visible_profile_fields, and always name and about me', () => {
    expect(visibleSectionFields('basics', ['city'])).toEqual(['name', 'city']);
    expect(visibleSectionFields('about', [])).toEqual(['about_me']);
    expect(visibleSectionFields('appearance', ['tattoos', 'eye_colour'])).toEqual(['eye_colour', 'tattoos']);
    expect(visibleSectionFields('interests', [])).toEqual([]);
  });

  it('counts the photos against the limit', () => {
    const photo = { id: 1, filename: 'a.jpg', thumb_filename: 'a_t.jpg', status: 'active' as const, is_main: true, rejection: null };
    expect(photoCounter({ photos: [photo], photo_limit: 3 })).toEqual({ used: 1, limit: 3, left: 2, full: false });
    expect(photoCounter({ photos: [photo, { ...photo, id: 2 }, { ...photo, id: 3 }], photo_limit: 3 }).full).toBe(true);
    const rejected = { ...photo, id: 4, status: 'rejected' as const };
    expect(photoCounter({ photos: [photo, rejected], photo_limit: 3 })).toEqual({ used: 1, limit: 3, left: 2, full: false });
  });

  it('maps upload errors to their codes and params', () => {
    expect(uploadError(new ApiError(400, 'photo_too_large', { max_mb: 10 }))).toEqual({ code: 'photo_too_large', params: { max_mb: 10 } });
    expect(uploadError(new ApiError(400, 'photo_limit_reached', { max: 3 }))).toEqual({ code: 'photo_limit_reached', params: { max: 3 } });
    expect(uploadError(new ApiError(413, 'generic'))).toEqual({ code: 'request_too_large' });
    expect(uploadError(new Error('boom'))).toEqual({ code: 'generic' });
  });
});

describe('profile screen', () => {
  it('shows only the visible fields', async () => {
    renderProfile();
    expect(await screen.findByTestId('profile-hero-name')).toHaveTextContent('Sam, 35');
    expect(screen.getByTestId('profile-name')).toHaveValue('Sam');
    expect(screen.getByTestId('profile-gender')).toBeInTheDocument();
    expect(screen.queryByTestId('profile-sexuality')).not.toBeInTheDocument();
    expect(screen.getByTestId('profile-hair_colour')).toBeInTheDocument();
    expect(screen.queryByTestId('profile-eye_colour')).not.toBeInTheDocument();
    expect(screen.getByTestId('profile-about-me')).toHaveValue('Hello there');
  });

  it('shows the field errors of a refused save at the fields', async () => {
    putAnswer = () =>
      json(400, { error: 'invalid_fields', params: { fields: { name: 'name_starts_with_at' }, params: {} } });
    renderProfile();
    fireEvent.change(await screen.findByTestId('profile-name'), { target: { value: '@sam' } });
    const basics = section('profile-basics');
    fireEvent.click(screen.getByTestId('profile-save-basics'));
    expect(await basics.findByText('Your profile name must not start with an @')).toBeInTheDocument();
    const [, init] = calls('/api/profile').find(([, i]) => i?.method === 'PUT')!;
    expect(JSON.parse(init.body)).toEqual({
      name: '@sam',
      gender: 'female',
      birth_date: '1990-05-01',
      country: 'NL',
      region: 'NH',
      city: 'Haarlem',
    });
  });

  it('confirms a saved section', async () => {
    putAnswer = () => json(200, { profile: { ...profile, about_me: 'New text' } });
    renderProfile();
    fireEvent.change(await screen.findByTestId('profile-about-me'), { target: { value: 'New text' } });
    expect(screen.getByText('8 / 2000')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('profile-save-about'));
    expect(await screen.findByTestId('profile-result-about')).toHaveTextContent('Saved.');
  });

  it('loads the regions again when the country changes, once per country', async () => {
    renderProfile();
    const region = await screen.findByTestId('profile-region');
    await waitFor(() => expect(region).toHaveDisplayValue('North Holland'));
    fireEvent.change(screen.getByTestId('profile-country'), { target: { value: 'DE' } });
    await waitFor(() => expect(screen.getByTestId('profile-region')).toHaveTextContent('Bavaria'));
    expect(screen.getByTestId('profile-region')).toHaveValue('');
    fireEvent.change(screen.getByTestId('profile-country'), { target: { value: 'NL' } });
    await waitFor(() => expect(screen.getByTestId('profile-region')).toHaveTextContent('North Holland'));
    // Once per country and language (the interface language may settle after the first
    // render on a loaded machine, which rightly asks again in that language).
    const asked = calls('/api/regions').map(([url]) => {
      const query = new URL(String(url), 'http://x').searchParams;
      return `${query.get('country')}:${query.get('lang')}`;
    });
    expect(new Set(asked).size).toBe(asked.length);
    expect(new Set(asked.map((key) => key.split(':')[0]))).toEqual(new Set(['NL', 'DE']));
  });

  it('refuses a 21st interest', async () => {
    profile = profileFixture({ interests: INTERESTS.slice(0, 20) });
    renderProfile();
    expect(await screen.findByTestId('profile-interests-count')).toHaveTextContent('20 of 20 chosen');
    fireEvent.click(await screen.findByTestId('profile-interest-yoga'));
    expect(screen.getByTestId('profile-interests-error')).toHaveTextContent('You can choose at most 20 interests');
    expect(screen.getByTestId('profile-interest-yoga')).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(screen.getByTestId('profile-interest-interest_0'));
    fireEvent.click(screen.getByTestId('profile-interest-yoga'));
    expect(screen.getByTestId('profile-interest-yoga')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Yoga')).toBeInTheDocument();
  });

  it('counts the photos and explains the premium limit when full', async () => {
    const photo = (id: number, status: 'pending' | 'active' | 'rejected') => ({
      id,
      filename: `p${id}.jpg`,
      thumb_filename: `p${id}_t.jpg`,
      status,
      is_main: id === 1,
      rejection: null,
    });
    // A rejected photo does not use up the limit (as on the server), so a fourth is needed.
    profile = profileFixture({
      photos: [photo(1, 'active'), photo(2, 'pending'), photo(3, 'rejected'), photo(4, 'active')],
    });
    renderProfile();
    expect(await screen.findByTestId('photo-counter')).toHaveTextContent('3 of 3 photos used');
    expect(screen.getByTestId('photo-limit')).toHaveTextContent('Premium members may upload up to 25 photos');
    expect(screen.queryByTestId('photo-upload')).not.toBeInTheDocument();
    const statuses = screen.getAllByTestId('photo-status').map((badge) => badge.textContent);
    expect(statuses).toEqual(['Waiting for review', 'Rejected']);
  });

  it('offers "Set as main" only for approved photos, never for one under review', async () => {
    const photo = (id: number, status: 'pending' | 'active' | 'rejected') => ({
      id,
      filename: `p${id}.jpg`,
      thumb_filename: `p${id}_t.jpg`,
      status,
      is_main: id === 1,
      rejection: null,
    });
    profile = profileFixture({ photos: [photo(1, 'active'), photo(2, 'pending'), photo(3, 'rejected'), photo(4, 'active')] });
    renderProfile();
    const tiles = await screen.findAllByTestId('photo-tile');
    const offered = tiles.filter((tile) => within(tile).queryByTestId('photo-main')).map((tile) => tile.dataset.photoId);
    expect(offered).toEqual(['4']);
  });

  it('says on a rejected photo why, with the way to its decision', async () => {
    const photo = { id: 8, filename: 'p8.jpg', thumb_filename: 'p8_t.jpg', status: 'active' as const, is_main: true, rejection: null };
    const rejection = { decision_id: 12, facts: 'A phone number is <b>visible</b>.', ground_title: 'Photo rules' };
    profile = profileFixture({ photos: [photo, { ...photo, id: 9, is_main: false, status: 'rejected', rejection }] });
    renderProfile();
    const reasons = await screen.findAllByTestId('photo-rejection');
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toHaveTextContent('Why it was rejected: Photo rules: A phone number is <b>visible</b>.Details and appeal');
    expect(within(reasons[0]!).getByRole('link', { name: 'Details and appeal' })).toHaveAttribute('href', '/decisions#decision-12');
  });

  it('says on a held photo that it is held and why, with the way to its decision', async () => {
    const photo = { id: 8, filename: 'p8.jpg', thumb_filename: 'p8_t.jpg', status: 'active' as const, is_main: true, rejection: null };
    const rejection = { decision_id: 14, facts: 'This photo matches a photo that another member already has on Amora.', ground_title: 'Impersonation' };
    profile = profileFixture({ photos: [photo, { ...photo, id: 9, is_main: false, status: 'held', rejection }] });
    renderProfile();
    const [, held] = await screen.findAllByTestId('photo-tile');
    expect(within(held!).getByTestId('photo-status')).toHaveTextContent('On hold');
    expect(within(held!).queryByTestId('photo-main')).toBeNull();
    const reason = within(held!).getByTestId('photo-rejection');
    expect(reason).toHaveTextContent(`Why it is on hold: Impersonation: ${rejection.facts}Details and appeal`);
    expect(within(reason).getByRole('link', { name: 'Details and appeal' })).toHaveAttribute('href', '/decisions#decision-14');
  });

  it('says why the server refused a main photo', async () => {
    const photo = { id: 6, filename: 'p6.jpg', thumb_filename: 'p6_t.jpg', status: 'active' as const, is_main: false, rejection: null };
    profile = profileFixture({ photos: [{ ...photo, id: 5, is_main: true }, photo] });
    fetchMock.mockImplementation((url: string, init?: RequestInit) =>
      Promise.resolve(url === '/api/photos/6/main' ? json(400, { error: 'photo_pending', params: {} }) : serve(url, init)),
    );
    renderProfile();
    const tile = (await screen.findAllByTestId('photo-tile')).find((element) => element.dataset.photoId === '6')!;
    fireEvent.click(within(tile).getByTestId('photo-main'));
    expect(await screen.findByTestId('photo-notice')).toHaveTextContent('This photo is still waiting for review');
  });

  it('deletes a photo after confirming and says so', async () => {
    const photo = { id: 5, filename: 'p5.jpg', thumb_filename: 'p5_t.jpg', status: 'active' as const, is_main: true, rejection: null };
    profile = profileFixture({ photos: [photo] });
    fetchMock.mockImplementation((url: string, init?: RequestInit) => {
      if (url === '/api/photos/5' && init?.method === 'DELETE') {
        profile = { ...profile, photos: [] };
        return Promise.resolve(new Response(null, { status: 204 }));
      }
      return Promise.resolve(serve(url, init));
    });
    renderProfile();
    fireEvent.click(await screen.findByTestId('photo-delete'));
    fireEvent.click(screen.getByTestId('photo-delete-confirm'));
    expect(await screen.findByTestId('photo-notice')).toHaveTextContent('Photo deleted.');
    expect(screen.queryByTestId('photo-tile')).not.toBeInTheDocument();
    expect(screen.getByTestId('photo-counter')).toHaveTextContent('0 of 3 photos used');
  });
});

describe('photo upload', () => {
  class FakeXhr {
    static last: FakeXhr;
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
    onprogress = null;
    onload: (() => void) | null = null;
    onerror = null;
    onabort = null;
    onloadend: (() => void) | null = null;
    withCredentials = false;
    constructor() {
      FakeXhr.last = this;
    }
    open() {}
    setRequestHeader() {}
    send() {}
    answer(status: number, body: unknown) {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
      this.onloadend?.();
    }
  }

  it('shows the progress and then the server refusal with its params', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderProfile();
    const input = await screen.findByTestId('photo-upload');
    const file = new File(['x'], 'me.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    FakeXhr.last.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true });
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50'));
    FakeXhr.last.answer(400, { error: 'photo_too_large', params: { max_mb: 10 } });
    expect(await screen.findByTestId('photo-notice')).toHaveTextContent('This photo is too large (at most 10 MB).');
  });

  it('refuses other file types before sending', async () => {
    renderProfile();
    const input = await screen.findByTestId('photo-upload');
    fireEvent.change(input, { target: { files: [new File(['x'], 'doc.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByTestId('photo-notice')).toHaveTextContent('This file is not a valid photo');
  });
});

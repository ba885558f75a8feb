import { fireEvent, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppNavigator } from '../../../shared/routing/navigate';
import { settingsFixture } from '../../../test/fixtures';
import { seedStores, setupTestI18n } from '../../../test/render';
import { useSession } from '../../../shared/session';
import { useSignup } from '../../../shared/signup';
import type { LanderProfile } from '../landerApi';
import { landersLoader } from '../landersLoader';
import { type LanderServer, json, membersFixture, renderLander, settle, stubLanderApi, stubScreen } from '../landerTesting';
import { MemberLanding, MemberLanding2, MemberLanding3, MemberSignup, landerMemberId } from './MemberLanders';

function profileFixture(overrides: Partial<LanderProfile> = {}): LanderProfile {
  return {
    id: 42,
    name: 'Lotte',
    text_flags: [],
    gender: 'female',
    age: 31,
    country: 'NL',
    region: 'Noord-Holland',
    city: 'Haarlem',
    sexuality: 'straight',
    about_me: 'Cycling along the dunes and long dinners with friends.',
    hair_colour: null,
    eye_colour: null,
    body_type: null,
    relationship_status: null,
    tattoos: null,
    interests: [],
    is_fictional: false,
    blocked_by_me: false,
    liked_by_me: false,
    likes_me: false,
    match: false,
    photo_count: 4,
    photos: [
      { id: 1, filename: '/media/photos/42-1.jpg', thumb_filename: '/media/thumbs/42-1.jpg', locked: false },
      // A locked photo never shows, even if an address came along.
      { id: 2, filename: '/media/photos/secret-2.jpg', thumb_filename: '/media/thumbs/secret-2.jpg', locked: true },
      { id: 3, filename: null, thumb_filename: null, locked: true },
      { id: 4, filename: '/media/photos/42-4.jpg', thumb_filename: '/media/thumbs/42-4.jpg', locked: false },
    ],
    ...overrides,
  };
}

const VARIANTS: [string, ComponentType, string, string][] = [
  // name, page, route pattern, path
  ['landing', MemberLanding, '/members/:id/landing', '/members/42/landing'],
  ['signup', MemberSignup, '/members/:id/signup', '/members/42/signup'],
  ['landing2', MemberLanding2, '/members/:id/landing2/:slug?', '/members/42/landing2/eng'],
  ['landing3', MemberLanding3, '/members/:id/landing3/:slug?', '/members/42/landing3'],
];

let server: LanderServer;
let profile: LanderProfile | null;

beforeAll(async () => {
  await setupTestI18n();
  await landersLoader();
});
beforeEach(() => {
  seedStores({ settings: settingsFixture({ geoip_country: 'NL' }) });
  useSession.setState({ user: null });
  useSignup.setState({ open: false });
  server = stubLanderApi(membersFixture(6));
  profile = profileFixture();
  const lander = server.fetch.getMockImplementation() as (url: string, init?: RequestInit) => Promise<Response>;
  server.fetch.mockImplementation((url: string, init?: RequestInit) => {
    const { pathname } = new URL(url, 'http://amora.test');
    if (pathname === '/api/members/42/lander') {
      return Promise.resolve(profile ? json(200, { profile }) : json(404, { error: 'member_not_found', params: {} }));
    }
    if (pathname === '/api/members/43/lander') return Promise.resolve(json(400, { error: 'invalid_request', params: {} }));
    return lander(url, init);
  });
  stubScreen(true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setAppNavigator(null);
});

/** Every <img> on the page: none of them may be a locked photo. */
function expectNoLockedImage() {
  for (const image of document.querySelectorAll('img')) expect(image.getAttribute('src')).not.toMatch(/secret/);
}

describe.each(VARIANTS)('the member %s lander', (name, Page, pattern, path) => {
  const render = (at = path) => renderLander(<Page />, at, pattern);

  it("shows the member's public profile with one main heading", async () => {
    render();
    await settle();
    expect(server.calls('/api/members/42/lander')).toHaveLength(1);
    const page = screen.getByTestId(`lander-member-${name}`);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(within(page).getAllByText(/Lotte/).length).toBeGreaterThan(0);
    expect(within(page).getAllByText('Haarlem').length).toBeGreaterThan(0);
    const photos = within(page).getAllByRole('img', { name: 'Photo 1 of Lotte' }).map((image) => image.getAttribute('src'));
    expect(photos).toContain('/media/photos/42-1.jpg');
    expect(screen.queryByTestId('lander-fictional-warning')).not.toBeInTheDocument();
  });

  it('never shows a locked photo as an image', async () => {
    profile = profileFixture({ photos: [profileFixture().photos[1]!, ...profileFixture().photos] });
    render();
    await settle();
    expectNoLockedImage();
    // The first visible photo leads, not the locked one.
    expect(screen.getAllByRole('img', { name: 'Photo 2 of Lotte' }).length).toBeGreaterThan(0);
  });

  it('opens the signup from the call to action', async () => {
    render();
    await settle();
    fireEvent.click(screen.getAllByTestId('lander-cta')[0]!);
    expect(useSignup.getState().open).toBe(true);
  });

  it('marks a ?lb visit engaged when the call to action is used', async () => {
    render(`${path}?lb&network=exoclick`);
    await settle();
    const [, init] = server.calls('/api/lander-visits', 'POST')[0]!;
    expect(JSON.parse(String(init!.body))).toEqual({ lander: `member-${name}`, source: 'exoclick' });
    fireEvent.click(screen.getAllByTestId('lander-cta')[0]!);
    await settle();
    expect(server.calls('/api/lander-visits/visit-key-1/engaged', 'POST')).toHaveLength(1);
  });

  it("shows a fictional profile with the site's mark and warning", async () => {
    profile = profileFixture({ is_fictional: true });
    render();
    await settle();
    expect(screen.getAllByTestId('fictional-badge').length).toBeGreaterThan(0);
    expect(screen.getByTestId('lander-fictional-warning')).toHaveTextContent('run by our team');
  });

  it('says kindly that a missing or hidden profile is not available, and offers other members', async () => {
    profile = null;
    render();
    await settle();
    const page = screen.getByTestId('lander-member-unavailable');
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent('This profile is not available');
    expect(within(page).getAllByTestId('lander-member')).toHaveLength(6);
    expect(within(page).getByRole('img', { name: 'Sanne' })).toBeInTheDocument();
    fireEvent.click(within(page).getByRole('button', { name: 'Discover other members' }));
    expect(useSignup.getState().open).toBe(true);
  });

  it('does not ask for a member whose id is no id', async () => {
    renderLander(<Page />, path.replace('42', 'abc'), pattern);
    await settle();
    expect(screen.getByTestId('lander-member-unavailable')).toBeInTheDocument();
    expect(server.fetch.mock.calls.some(([url]) => String(url).includes('/api/members/'))).toBe(false);
  });

  it('shows a failure with a retry', async () => {
    renderLander(<Page />, path.replace('42', '43'), pattern);
    await settle();
    expect(screen.getByTestId('lander-member-error')).toHaveTextContent('The profile could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(server.calls('/api/members/43/lander')).toHaveLength(2);
  });
});

describe('the member landing', () => {
  it('greets the member, shows the other photos with locks, and other members', async () => {
    renderLander(<MemberLanding />, '/members/42/landing', '/members/:id/landing');
    await settle();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Lotte, 31');
    // No card that looks like a button and does nothing: the call to action does it (issue 29.7).
    expect(screen.queryByText('Say hello to Lotte')).toBeNull();
    expect(screen.getByTestId('lander-cta')).toHaveTextContent('Send Lotte a message');
    const strip = screen.getByRole('region', { name: 'Photos of Lotte' });
    expect(within(strip).getAllByTestId('lander-locked-photo')).toHaveLength(2);
    expect(within(strip).getByRole('img', { name: 'Photo 4 of Lotte' })).toHaveAttribute('src', '/media/thumbs/42-4.jpg');
    // Only what a free signup gives: the first photo; the others are for members with credits (issue 29.5).
    expect(screen.getByTestId('lander-locked-note')).toHaveTextContent('A free profile shows the first photo of Lotte; members who buy credits see them all.');
    expect(screen.queryByText(/Sign up to see/)).toBeNull();
    fireEvent.click(within(strip).getAllByRole('button', { name: 'Locked photo of Lotte, for members with credits' })[0]!);
    expect(useSignup.getState().open).toBe(true);
    expect(screen.getByText('Photos: 4')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'About Lotte' })).toHaveTextContent('Cycling along the dunes');
    const others = screen.getByRole('region', { name: 'Other members you could meet' });
    expect(within(others).getAllByTestId('lander-member')).toHaveLength(6);
  });

  it('shows a drawn avatar for a member without photos', async () => {
    profile = profileFixture({ photos: [], photo_count: 0 });
    renderLander(<MemberLanding />, '/members/42/landing', '/members/:id/landing');
    await settle();
    expect(screen.getByTestId('lander-member-landing').querySelector('.member-avatar')).not.toBeNull();
    expect(screen.queryByText(/^Photos:/)).not.toBeInTheDocument();
  });
});

describe('the member signup lander', () => {
  it('puts the member card beside the signup', async () => {
    renderLander(<MemberSignup />, '/members/42/signup', '/members/:id/signup');
    await settle();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign up to chat with Lotte');
    expect(screen.getByRole('article', { name: 'Profile of Lotte' })).toHaveTextContent('Lotte, 31');
    expect(screen.queryByRole('region', { name: 'Other members you could meet' })).not.toBeInTheDocument();
  });
});

describe('the member chat lander', () => {
  it('offers openers to start the conversation, each opening the signup', async () => {
    renderLander(<MemberLanding2 />, '/members/42/landing2', '/members/:id/landing2/:slug?');
    await settle();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Start a conversation with Lotte');
    const openers = screen.getAllByTestId('lander-opener');
    expect(openers.map((opener) => opener.textContent)).toEqual([
      'Hi Lotte, how is your day going?',
      'Hi Lotte, your profile caught my eye. Fancy a chat?',
      'Hi Lotte, how is life in Haarlem?',
    ]);
    fireEvent.click(openers[2]!);
    expect(useSignup.getState().open).toBe(true);
    useSignup.setState({ open: false });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up and send your message' }));
    expect(useSignup.getState().open).toBe(true);
  });
});

describe('the member photo story lander', () => {
  it('steps through the photos, showing a lock for locked ones', async () => {
    renderLander(<MemberLanding3 />, '/members/42/landing3', '/members/:id/landing3/:slug?');
    await settle();
    const story = screen.getByRole('region', { name: 'Photos of Lotte' });
    expect(within(story).getByTestId('lander-story-position')).toHaveTextContent('Photo 1 of 4');
    expect(within(story).getByRole('img', { name: 'Photo 1 of Lotte' })).toBeInTheDocument();
    fireEvent.click(within(story).getByRole('button', { name: 'Next photo' }));
    expect(within(story).getByTestId('lander-story-position')).toHaveTextContent('Photo 2 of 4');
    expect(within(story).getByTestId('lander-locked-photo')).toHaveTextContent('This photo is locked');
    // What opens it is credits, not a free signup (issue 29.5).
    expect(within(story).getByTestId('lander-locked-photo')).toHaveTextContent('Members with credits see this photo.');
    expect(screen.queryByText(/see them all|See more of/)).toBeNull();
    expect(within(story).queryByRole('img')).not.toBeInTheDocument();
    expectNoLockedImage();
    fireEvent.click(within(story).getByRole('button', { name: 'Previous photo' }));
    fireEvent.click(within(story).getByRole('button', { name: 'Previous photo' }));
    expect(within(story).getByTestId('lander-story-position')).toHaveTextContent('Photo 4 of 4');
    expect(within(story).getByRole('img', { name: 'Photo 4 of Lotte' })).toHaveAttribute('src', '/media/photos/42-4.jpg');
  });
});

describe('landerMemberId', () => {
  it('takes database ids only', () => {
    expect(landerMemberId('42')).toBe(42);
    expect(landerMemberId('0')).toBeNull();
    expect(landerMemberId('abc')).toBeNull();
    expect(landerMemberId('99999999999')).toBeNull();
    expect(landerMemberId(undefined)).toBeNull();
  });
});

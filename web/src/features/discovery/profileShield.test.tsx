/**
 * The scam shield on a member's profile page (issue 31.2): a profile whose name or about
 * text was saved despite the nudge warns its visitors (what it asks for, why to be careful,
 * the safety page, reporting the profile); its own member sees that visitors are warned.
 */
import { render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { stubFetch } from '../../test/fetchStub';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { seedStores, setupTestI18n } from '../../test/render';
import { useProfileCatalogs } from '../../shared/catalogs';
import { useSession } from '../../shared/session';
import type { MemberProfile } from '../../shared/members';
import { MemberProfilePage } from './MemberProfilePage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function memberFixture(overrides: Partial<MemberProfile> = {}): MemberProfile {
  return {
    id: 5,
    name: 'Lotte',
    gender: 'female',
    age: 31,
    country: 'NL',
    region: null,
    city: 'Haarlem',
    sexuality: 'straight',
    about_me: 'Send 300 by Western Union and add me on whatsapp',
    hair_colour: null,
    eye_colour: null,
    body_type: null,
    relationship_status: null,
    tattoos: null,
    interests: [],
    is_fictional: false,
    blocked_by_me: false,
    photo_credits: 10,
    liked_by_me: false,
    likes_me: false,
    match: false,
    online: null,
    photo_count: 0,
    photos: [],
    text_flags: [],
    ...overrides,
  };
}

let member: MemberProfile;

beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces(['discovery', 'profile', 'gifts']);
});
beforeEach(() => {
  member = memberFixture();
  seedStores({ settings: settingsFixture({ name: 'Flirt' }) });
  useSession.setState({ user: userFixture({ id: 7 }) });
  useProfileCatalogs.getState().reset();
  stubFetch(
    vi.fn((url: string) =>
      Promise.resolve(new URL(url, 'http://amora.test').pathname === '/api/members/5' ? json(200, { profile: member }) : json(404, { error: 'not_found', params: {} })),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

function renderProfile() {
  const router = createMemoryRouter([{ path: '/members/:id', element: <MemberProfilePage /> }], { initialEntries: ['/members/5'] });
  render(<RouterProvider router={router} />);
}

describe("a flagged profile's warning", () => {
  it('tells visitors what the profile asks for, with the safety page and a report', async () => {
    member = memberFixture({ text_flags: ['transfer_service', 'messenger'] });
    renderProfile();
    const warning = await screen.findByTestId('profile-shield-warning');
    expect(warning).toHaveAttribute('role', 'note');
    expect(warning).toHaveAccessibleName('Safety warning');
    expect(warning.dataset.groups).toBe('money contact');
    expect(warning).toHaveTextContent('This profile asks for money.');
    expect(warning).toHaveTextContent('Never send money or gift cards to someone you have not met.');
    expect(warning).toHaveTextContent('This profile asks you to contact them outside Flirt. Flirt never asks you to.');
    expect(within(warning).getByTestId('profile-shield-safety')).toHaveAttribute('href', '/safety');
    expect(within(warning).getByTestId('profile-shield-report')).toHaveAttribute('href', '/complaints?member=5');
    // Above the photos and the about text it warns about.
    const about = screen.getByText(member.about_me!);
    expect(warning.compareDocumentPosition(about) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByTestId('profile-shield-own')).not.toBeInTheDocument();
  });

  it('shows only what was found: contact details alone', async () => {
    member = memberFixture({ text_flags: ['phone'] });
    renderProfile();
    const warning = await screen.findByTestId('profile-shield-warning');
    expect(warning.dataset.groups).toBe('contact');
    expect(warning).not.toHaveTextContent('money');
  });

  it('warns of nothing on an ordinary profile', async () => {
    member = memberFixture({ about_me: 'I love hiking', text_flags: [] });
    renderProfile();
    expect(await screen.findByTestId('member-name')).toHaveTextContent('Lotte');
    expect(screen.queryByTestId('profile-shield-warning')).not.toBeInTheDocument();
  });

  it('tells the member on their own profile that visitors are warned', async () => {
    useSession.setState({ user: userFixture({ id: 5 }) });
    member = memberFixture({ text_flags: ['iban'] });
    renderProfile();
    const own = await screen.findByTestId('profile-shield-own');
    expect(own).toHaveTextContent('Visitors see a safety warning on your profile');
    expect(within(own).getByRole('link', { name: 'Change it' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByTestId('profile-shield-warning')).not.toBeInTheDocument();
  });
});

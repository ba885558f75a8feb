import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { renderInRouter, seedStores, setupTestI18n } from '../../test/render';
import { useSession } from '../../shared/session';
import type { MemberProfile } from '../../shared/members';
import { PhotoGallery } from './PhotoGallery';

const PROFILE: MemberProfile = {
  id: 5,
  name: 'Mila',
  text_flags: [],
  gender: 'female',
  age: 29,
  country: 'NL',
  interests: [],
  is_fictional: false,
  blocked_by_me: false,
  liked_by_me: false,
  likes_me: false,
  match: false,
  photo_count: 2,
  photos: [
    { id: 70, filename: 'a.jpg', thumb_filename: 'a_t.jpg', locked: false },
    { id: 71, filename: null, thumb_filename: null, locked: true },
  ],
} as MemberProfile;

beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces(['discovery']);
});
beforeEach(() => {
  seedStores({ settings: settingsFixture() });
  useSession.setState({ user: null });
});

describe('the gallery (issue 30.4)', () => {
  it('leads from the photo on screen to the report form, for visitors and members', () => {
    renderInRouter(<PhotoGallery profile={PROFILE} />);
    expect(screen.getByTestId('report-photo')).toHaveAttribute('href', '/complaints?member=5&photo=70');
    expect(screen.getByTestId('report-photo')).toHaveTextContent('Report this photo');
  });

  it('offers no report of a locked photo nor of one’s own', () => {
    useSession.setState({ user: userFixture({ id: 9 }) });
    const { unmount } = renderInRouter(<PhotoGallery profile={{ ...PROFILE, photos: [PROFILE.photos[1]!, PROFILE.photos[0]!] }} />);
    expect(screen.queryByTestId('report-photo')).toBeNull();
    unmount();
    useSession.setState({ user: userFixture({ id: 5 }) });
    renderInRouter(<PhotoGallery profile={PROFILE} />);
    expect(screen.queryByTestId('report-photo')).toBeNull();
  });
});

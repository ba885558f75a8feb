import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { settingsFixture } from '../../test/fixtures';
import { renderInRouter, seedStores, setupTestI18n } from '../../test/render';
import type { ScoredMatch } from '../../shared/members';
import { SignupMatchCard } from './SignupMatchCard';

const match = (overrides: Partial<ScoredMatch> = {}): ScoredMatch => ({
  id: 3,
  name: 'Lotte',
  gender: 'female',
  age: 29,
  country: 'NL',
  region: 'NL-NH',
  city: 'Haarlem',
  is_fictional: false,
  main_image: { filename: 'photos/3/a.jpg', thumb_filename: 'photos/3/a_thumb.jpg' },
  interests: ['cooking', 'hiking', 'jazz', 'yoga'],
  score: 72,
  shared_interests: ['hiking', 'jazz', 'yoga'],
  ...overrides,
});

beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces(['games', 'profile', 'discovery']);
});
beforeEach(() => seedStores({ settings: settingsFixture() }));

describe('a signup match', () => {
  it('leads with the photo, the name on it opening the profile', () => {
    renderInRouter(<SignupMatchCard match={match()} />);
    const card = screen.getByTestId('match-card');
    const photo = card.querySelector('img')!;
    const name = within(card).getByRole('heading', { level: 3 });
    // The photo comes first, in its full size (the square thumbnail would be stretched).
    expect(photo.compareDocumentPosition(name) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(photo.getAttribute('src')).toContain('photos/3/a.jpg');
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(within(name).getByRole('link')).toHaveAttribute('href', '/members/3');
    expect(name).toHaveTextContent('Lotte, 29');
    expect(screen.getByTestId('match-score')).toHaveTextContent('72% match');
  });

  it('names at most two shared interests, and only shared ones', () => {
    renderInRouter(<SignupMatchCard match={match()} />);
    const shared = screen.getByTestId('signup-match-shared');
    expect(shared).toHaveTextContent('Hiking · Jazz');
    expect(shared).toHaveTextContent('+1');
    expect(shared).not.toHaveTextContent('Cooking');
  });

  it('says nothing of interests when none are shared, and names a fictional profile', () => {
    renderInRouter(<SignupMatchCard match={match({ shared_interests: [], is_fictional: true })} />);
    expect(screen.queryByTestId('signup-match-shared')).toBeNull();
    expect(screen.getByTestId('game-fictional')).toBeInTheDocument();
  });
});

import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { stubFetch } from '../../test/fetchStub';
import { seedStores, setupTestI18n } from '../../test/render';
import { useSession } from '../../shared/session';
import type { GameCard } from './gamesApi';
import { KEYBOARD_QUERY } from './keyboardHint';
import { SwipeGamePage } from './SwipeGamePage';

const card = (id: number): GameCard => ({
  id,
  name: `Member ${id}`,
  gender: 'male',
  age: 31,
  country: 'NL',
  region: 'NL-NH',
  city: 'Haarlem',
  is_fictional: false,
  main_image: null,
  interests: [],
});

/** A device that matches exactly the media queries listed. */
function device(matching: string[]) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: matching.includes(query), addEventListener() {}, removeEventListener() {} }));
}

beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces(['games']);
});
beforeEach(() => {
  seedStores({ settings: settingsFixture() });
  useSession.setState({ user: userFixture() });
  const deck = { cards: [card(1), card(2)], limit: 4, remaining: 4, resets_at: '2026-03-02T23:00:00+00:00', match: false };
  stubFetch(vi.fn((url: string) => Promise.resolve(new Response(JSON.stringify(url.startsWith('/api/swipe') ? deck : {}), { status: 200, headers: { 'Content-Type': 'application/json' } }))));
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

async function hint() {
  render(<RouterProvider router={createMemoryRouter([{ path: '*', element: <SwipeGamePage /> }])} />);
  await screen.findByTestId('swipe-card');
  return document.querySelector('.swipe-game__hint')!;
}

describe('the arrow-key hint of the swipe game', () => {
  it('shows with a mouse and a keyboard', async () => {
    device([KEYBOARD_QUERY]);
    const text = await hint();
    expect(text).toHaveTextContent('Drag the card right to like or left to pass.');
    expect(text).toHaveTextContent('Or use the ← and → keys.');
  });

  it('is left out on a touch screen (a coarse pointer that does not hover)', async () => {
    device(['(hover: none)', '(pointer: coarse)']);
    const text = await hint();
    expect(text).toHaveTextContent('Drag the card right to like or left to pass.');
    expect(text).not.toHaveTextContent('keys');
  });

  it('asks for a fine pointer that hovers on a screen wider than a phone', () => {
    expect(KEYBOARD_QUERY).toBe('(hover: hover) and (pointer: fine) and (min-width: 576px)');
  });
});

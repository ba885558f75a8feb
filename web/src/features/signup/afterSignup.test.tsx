import { fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { seedStores, setupTestI18n } from '../../test/render';
import { useSession } from '../../shared/session';
import { MATCHES_WAIT_MS, pathAfterSignup } from './afterSignup';
import { SignupPage } from './SignupPage';
import { stubFetch } from '../../test/fetchStub';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const match = { id: 3, name: 'Lotte', gender: 'male', age: 33, country: 'NL', region: null, city: null, is_fictional: false, main_image: null, interests: [], score: 80, shared_interests: [] };

let fetchMock: ReturnType<typeof vi.fn>;
let matchesAnswer: () => Promise<Response>;
beforeAll(() => setupTestI18n());
beforeEach(() => {
  seedStores({ settings: settingsFixture({ min_age: 18 }) });
  matchesAnswer = () => Promise.resolve(json(200, { matches: [match] }));
  fetchMock = vi.fn((url: string) => {
    if (url === '/api/signup') return Promise.resolve(json(201, { user: userFixture({ status: 'not_confirmed' }) }));
    if (url === '/api/signup-matches') return matchesAnswer();
    return Promise.resolve(json(404, { error: 'not_found', params: {} }));
  });
  stubFetch(fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

describe('after signup', () => {
  // Fake timers: the wait for the proposals (MATCHES_WAIT_MS) ends only when a test says,
  // never because a loaded machine was slow to answer the fake server.
  it('proposes the matches first when there are any, handing them over', async () => {
    vi.useFakeTimers();
    expect(await pathAfterSignup()).toEqual({ path: '/signup-matches', state: { matches: [match] } });
  });

  it('goes to the complete step without matches, on an error or when the answer is slow', async () => {
    vi.useFakeTimers();
    matchesAnswer = () => Promise.resolve(json(200, { matches: [] }));
    expect(await pathAfterSignup()).toEqual({ path: '/complete-signup' });
    matchesAnswer = () => Promise.resolve(json(500, { error: 'internal_error', params: {} }));
    expect(await pathAfterSignup()).toEqual({ path: '/complete-signup' });
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/signup-matches')).toHaveLength(2); // no retries
    matchesAnswer = () => new Promise(() => undefined);
    const slow = pathAfterSignup();
    await vi.advanceTimersByTimeAsync(MATCHES_WAIT_MS);
    expect(await slow).toEqual({ path: '/complete-signup' });
  });

  it('sends the new member from the signup page to the signup matches', async () => {
    function Where() {
      const location = useLocation();
      const state = location.state as { matches?: unknown[] } | null;
      return <p data-testid="where">{`${location.pathname} ${state?.matches?.length ?? 0}`}</p>;
    }
    const router = createMemoryRouter(
      [
        { path: '/signup', element: <SignupPage /> },
        { path: '*', element: <Where /> },
      ],
      { initialEntries: ['/signup'] },
    );
    render(<RouterProvider router={router} />);
    const next = () => fireEvent.click(screen.getByTestId('signup-next'));
    fireEvent.click(screen.getByLabelText('A woman'));
    fireEvent.click(screen.getByLabelText('Men'));
    next();
    fireEvent.change(screen.getByLabelText('Profile name'), { target: { value: 'Robin' } });
    next();
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '29' } });
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '1996' } });
    next();
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'NL' } });
    next();
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'robin@example.com' } });
    next();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse battery' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    fireEvent.click(screen.getByTestId('signup-submit'));
    expect(await screen.findByTestId('where')).toHaveTextContent('/signup-matches 1');
  });
});

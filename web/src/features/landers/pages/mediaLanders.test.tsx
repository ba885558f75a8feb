import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { type Mock, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppNavigator } from '../../../shared/routing/navigate';
import { settingsFixture } from '../../../test/fixtures';
import { seedStores, setupTestI18n } from '../../../test/render';
import { useSession } from '../../../shared/session';
import { useSignup } from '../../../shared/signup';
import { landersLoader } from '../landersLoader';
import { type LanderServer, membersFixture, renderLander, settle, stubLanderApi } from '../landerTesting';
import { INTRO_POSTER, INTRO_VIDEO } from './mediaParts';
import { SOCIAL_MEMBERS, SocialNetworkLander } from './SocialNetworkLander';
import { SLIDES, SLIDE_MS, TRANSITIONS_MEMBERS, TransitionsVideoLander } from './TransitionsVideoLander';
import { VIDEO_MEMBERS, VideoLander } from './VideoLander';

const DESIGNS: [string, ComponentType, string, number][] = [
  // name, page, path, members it asks for
  ['socialnetwork', SocialNetworkLander, '/landers/socialnetwork', SOCIAL_MEMBERS],
  ['transitionsvideolanding', TransitionsVideoLander, '/landers/transitionsvideolanding/eng', TRANSITIONS_MEMBERS],
  ['video', VideoLander, '/landers/video', VIDEO_MEMBERS],
];

let server: LanderServer;
let play: Mock<() => Promise<void>>;
let pause: Mock<() => void>;

/** Desktop or phone, and whether the visitor prefers reduced motion. */
function stubMedia({ desktop = true, reduced = false } = {}) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('min-width') ? desktop : query.includes('reduced-motion') ? reduced : false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

beforeAll(async () => {
  await setupTestI18n();
  await landersLoader();
});
beforeEach(() => {
  seedStores({ settings: settingsFixture({ geoip_country: 'NL' }) });
  useSession.setState({ user: null });
  useSignup.setState({ open: false });
  server = stubLanderApi(membersFixture(12));
  stubMedia();
  // jsdom has no media playback.
  play = vi.fn(() => Promise.resolve());
  pause = vi.fn(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(pause);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setAppNavigator(null);
});

const render = (Page: ComponentType, path: string) => renderLander(<Page />, path);

describe.each(DESIGNS)('the %s lander', (name, Page, path, count) => {
  it('shows real members from the API with photo, name and the fictional mark', async () => {
    render(Page, path);
    await settle();
    const [url] = server.calls('/api/lander-members')[0]!;
    expect(new URL(url, 'http://x').searchParams.get('limit')).toBe(String(count));
    expect(screen.getByTestId(`lander-${name}`)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByText(/Lotte/).length).toBeGreaterThan(0);
    expect(screen.getAllByTestId('fictional-badge').length).toBeGreaterThan(0);
    expect(screen.getByTestId('lander-fictional-note')).toHaveTextContent('hosts');
    for (const image of screen.getAllByRole('img')) expect(image).toHaveAttribute('alt');
  });

  it('keeps the headings in order', async () => {
    render(Page, path);
    await settle();
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    levels.forEach((level, index) => index > 0 && expect(level - levels[index - 1]!).toBeLessThanOrEqual(1));
  });

  it('opens the signup from the call to action, and from the one lower down', async () => {
    render(Page, path);
    await settle();
    fireEvent.click(screen.getAllByTestId('lander-cta')[0]!);
    expect(useSignup.getState().open).toBe(true);
    useSignup.setState({ open: false });
    fireEvent.click(screen.getByTestId('lander-cta-bottom'));
    expect(useSignup.getState().open).toBe(true);
  });

  it('sends phones to the signup page', async () => {
    stubMedia({ desktop: false });
    const { router } = render(Page, path);
    await settle();
    fireEvent.click(screen.getAllByTestId('lander-cta')[0]!);
    await settle();
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('marks a ?lb visit engaged when the call to action is used', async () => {
    render(Page, `${path}?lb=1&network=exoclick`);
    await settle();
    expect(server.calls('/api/lander-visits', 'POST')).toHaveLength(1);
    fireEvent.click(screen.getAllByTestId('lander-cta')[0]!);
    await settle();
    expect(server.calls('/api/lander-visits/visit-key-1/engaged', 'POST')).toHaveLength(1);
  });

  it('shows an error with a retry, and the empty state', async () => {
    server.members = new Error('down');
    render(Page, path);
    await settle();
    expect(screen.getByTestId('lander-error')).toBeInTheDocument();
    server.members = [];
    fireEvent.click(screen.getByTestId('lander-retry'));
    await settle();
    expect(screen.getByTestId('lander-empty')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('lander-empty-cta'));
    expect(useSignup.getState().open).toBe(true);
  });
});

describe('the video of the video landers', () => {
  it.each([
    ['video', VideoLander, '/landers/video'],
    ['transitions', TransitionsVideoLander, '/landers/transitionsvideolanding'],
  ] as const)('plays the project video muted, looping and inline on the %s lander, and pauses', async (_, Page, path) => {
    render(Page, path);
    await settle();
    const video = screen.getByTestId('lander-intro-video') as HTMLVideoElement;
    expect(video).toHaveAttribute('src', INTRO_VIDEO);
    expect(video).toHaveAttribute('poster', INTRO_POSTER);
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).toHaveAttribute('playsinline');
    expect(video).toHaveAttribute('loop');
    expect(video).toHaveAttribute('aria-hidden', 'true');
    expect(video.muted).toBe(true);
    expect(play).toHaveBeenCalled();
    const toggle = screen.getByTestId('lander-media-toggle');
    expect(toggle).toHaveAccessibleName('Pause the animation');
    fireEvent.click(toggle);
    expect(pause).toHaveBeenCalled();
    expect(toggle).toHaveAccessibleName('Play the animation');
  });

  it('waits for the visitor to start it when they prefer reduced motion', async () => {
    stubMedia({ reduced: true });
    render(VideoLander, '/landers/video');
    await settle();
    const video = screen.getByTestId('lander-intro-video');
    expect(video).not.toHaveAttribute('autoplay');
    expect(play).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Play the animation' }));
    expect(play).toHaveBeenCalled();
  });
});

describe('the transitions lander', () => {
  const active = () => screen.getAllByTestId('lander-slide').findIndex((slide) => slide.dataset.active === 'true');

  it('cross-fades through the members, one shown at a time', async () => {
    vi.useFakeTimers();
    render(TransitionsVideoLander, '/landers/transitionsvideolanding');
    await settle();
    const slides = screen.getAllByTestId('lander-slide');
    expect(slides).toHaveLength(SLIDES);
    expect(active()).toBe(0);
    expect(within(slides[0]!).getByRole('img', { hidden: true })).toHaveAttribute('alt', 'Sanne');
    expect(slides[1]).toHaveAttribute('aria-hidden', 'true');
    await act(async () => {
      vi.advanceTimersByTime(SLIDE_MS);
    });
    expect(active()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Show Eva' }));
    expect(active()).toBe(3);
    // Paused: it stays.
    fireEvent.click(screen.getByRole('button', { name: 'Pause the animation' }));
    await act(async () => {
      vi.advanceTimersByTime(SLIDE_MS * 2);
    });
    expect(active()).toBe(3);
  });

  it('stays still for visitors who prefer reduced motion', async () => {
    stubMedia({ reduced: true });
    vi.useFakeTimers();
    render(TransitionsVideoLander, '/landers/transitionsvideolanding');
    await settle();
    await act(async () => {
      vi.advanceTimersByTime(SLIDE_MS * 2);
    });
    expect(active()).toBe(0);
  });

  it('promises a date among them only when all of them are real', async () => {
    // membersFixture: the third is fictional.
    render(TransitionsVideoLander, '/landers/transitionsvideolanding');
    await settle();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Who will you meet on Amora?');
    expect(screen.queryByText(/next date could be one of them|Real members/)).not.toBeInTheDocument();
    expect(document.title).not.toMatch(/next date/);
  });

  it('says so over real members only', async () => {
    server.members = membersFixture(12).map((member) => ({ ...member, is_fictional: false }));
    render(TransitionsVideoLander, '/landers/transitionsvideolanding');
    await settle();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your next date could be one of them');
    expect(screen.getByText('Real members of Amora')).toBeInTheDocument();
  });

  it('lists the members not in the hero below it', async () => {
    render(TransitionsVideoLander, '/landers/transitionsvideolanding');
    await settle();
    const section = screen.getByRole('region', { name: 'More members to discover' });
    expect(within(section).getAllByTestId('lander-member')).toHaveLength(12 - SLIDES);
    fireEvent.click(within(section).getAllByRole('button', { name: /^Chat with/ })[0]!);
    expect(useSignup.getState().open).toBe(true);
  });
});

describe('the social network lander', () => {
  it('shows the newest members as posts with their real name, age and place, and no made-up numbers', async () => {
    render(SocialNetworkLander, '/landers/socialnetwork');
    await settle();
    const posts = screen.getAllByTestId('lander-post');
    expect(posts).toHaveLength(8);
    const first = posts[0]!;
    expect(within(first).getByRole('heading', { level: 3 })).toHaveTextContent('Sanne, 25');
    expect(within(first).getByText('Haarlem')).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'Profile photo of Sanne' })).toHaveAttribute('src', '/media/photos/101.jpg');
    expect(within(first).getByText('Sanne is new on Amora. Say hello!')).toBeInTheDocument();
    for (const post of posts) {
      for (const button of within(post).getAllByRole('button')) expect(button.textContent).not.toMatch(/\d/);
    }
    expect(screen.queryByText(/online/i)).not.toBeInTheDocument();
    expect(screen.getByTestId('lander-gate')).toBeInTheDocument();
  });

  it('opens the signup from every action', async () => {
    render(SocialNetworkLander, '/landers/socialnetwork');
    await settle();
    for (const name of ["Like Lotte's photo", "Comment on Lotte's photo", 'Message Lotte', "See Lotte's profile"]) {
      useSignup.setState({ open: false });
      fireEvent.click(screen.getAllByRole('button', { name })[0]!);
      expect(useSignup.getState().open).toBe(true);
    }
    useSignup.setState({ open: false });
    fireEvent.click(screen.getByTestId('lander-composer'));
    expect(useSignup.getState().open).toBe(true);
  });
});

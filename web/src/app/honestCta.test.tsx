// The calls to action of the landers and the home page, per site (issue 19.6): here in app/,
// which composes features, since neither feature imports the other (issue 35.5).
import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../shared/i18n/i18n';
import { settingsFixture } from '../test/fixtures';
import { renderInRouter, seedStores, setupTestI18n } from '../test/render';
import { LoginPrompt } from '../shared/ui/LoginPrompt';
import { IndexPage } from '../features/home';
import { captureTraffic } from '../shared/signup';
import { FinalCta, TrustChips } from '../features/landers/LanderParts';
import { SignupCta } from '../features/landers/SignupCta';

function page() {
  return (
    <>
      <SignupCta onClick={() => undefined}>Create my free profile</SignupCta>
      <TrustChips />
      <FinalCta title="Meet them" text="Create your free profile" cta="Create my free profile" onSignup={() => undefined} />
      <LoginPrompt title="Log in" text="To see more" />
    </>
  );
}

describe('calls to action per site (issue 19.6)', () => {
  beforeAll(async () => {
    await setupTestI18n();
    await i18n.loadNamespaces(['landers', 'discovery']);
  });
  beforeEach(() => localStorage.clear());

  it('promise a free profile where anyone may sign up', () => {
    seedStores({ settings: settingsFixture({ signups: 'all' }) });
    renderInRouter(page());
    expect(screen.getByTestId('lander-cta')).toHaveTextContent('Create my free profile');
    expect(screen.getByTestId('lander-cta-bottom')).toBeInTheDocument();
    expect(screen.getByText('Free signup')).toBeInTheDocument();
    expect(screen.getByTestId('prompt-signup')).toBeInTheDocument();
  });

  it('lead to the login where signups are partner-only and the visitor came on their own', () => {
    seedStores({ settings: settingsFixture({ signups: 'with_trafficsource' }) });
    renderInRouter(page());
    const cta = screen.getByTestId('lander-cta');
    expect(cta).toHaveTextContent('Log in');
    expect(cta).toHaveAttribute('href', '/login');
    expect(screen.queryByTestId('lander-cta-bottom')).toBeNull();
    expect(screen.queryByText('Free signup')).toBeNull();
    expect(screen.queryByTestId('prompt-signup')).toBeNull();
    expect(screen.getByTestId('prompt-login')).toBeInTheDocument();
  });

  it('invite partner visitors to sign up on a partner-only site', () => {
    seedStores({ settings: settingsFixture({ signups: 'with_trafficsource' }) });
    captureTraffic('?network=partner');
    renderInRouter(page());
    expect(screen.getByTestId('lander-cta')).toHaveTextContent('Create my free profile');
  });

  it('on the home page: the login instead of "create your free profile"', () => {
    seedStores({ settings: settingsFixture({ signups: 'invite_only' }) });
    renderInRouter(<IndexPage />);
    expect(screen.queryByTestId('home-signup')).toBeNull();
    expect(screen.getByTestId('home-login')).toHaveAttribute('href', '/login');
  });
});

import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { installSessionEnd } from '../app/sessionEnd';
import { TEST_CEILING_MS, WAIT_CEILING_MS } from './time';
// As the routes load with their screens (app/routes.tsx): one feature's UI in another's
// screen (the like and gift on profiles and cards, the gift in a conversation, the ban's
// decision on the ban page).
import '../app/slots/discoverySlots';
import '../app/slots/giftSlots';
import '../app/slots/chatSlots';
import '../app/slots/legalSlots';

// Condition waits end when the condition holds; the ceilings only decide how long a
// failing test takes, so they are set for a loaded machine, not a fast one (issue 18).
configure({ asyncUtilTimeout: WAIT_CEILING_MS });
vi.setConfig({ testTimeout: TEST_CEILING_MS, hookTimeout: TEST_CEILING_MS });

// A request no test answers (its test's fetch stub is gone, or it had none) never answers:
// no real network, and no failed request whose retries land seconds later in another
// test's fake server, which is what made counts of calls depend on the machine's speed.
globalThis.fetch = () => new Promise<Response>(() => undefined);

// As at start-up (app/boot.ts): a session the server ends is forgotten, a ban shows its page.
installSessionEnd();

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

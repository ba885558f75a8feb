import type { ComponentType } from 'react';

/**
 * Hook point for the push-permission step after signup (filled by app/plugins.ts): it
 * shows only when the browser supports push and the site has a push key. Kept apart from
 * CompleteSignupPage so that filling it at start-up does not load that screen.
 */
export const signupSteps: { pushPermission?: ComponentType } = {};

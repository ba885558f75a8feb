/** Replaced by Vite at build time (vite.config.ts `define`): package version plus build time. */
declare const __BUILD_VERSION__: string | undefined;

/** The version of this build; 'dev' where nothing was injected. */
export const BUILD_VERSION: string = typeof __BUILD_VERSION__ === 'string' ? __BUILD_VERSION__ : 'dev';

/**
 * Whether the site runs as an installed app (home-screen / standalone display): the
 * display-mode media query, or iOS Safari's navigator.standalone.
 */
export function isStandalone(): boolean {
  return (
    (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches) ||
    (typeof navigator !== 'undefined' && (navigator as Navigator & { standalone?: boolean }).standalone === true)
  );
}

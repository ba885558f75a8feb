import type { SVGProps } from 'react';

const BELL =
  'M12 2a1.5 1.5 0 0 1 1.5 1.5v.7A6.5 6.5 0 0 1 18.5 10.5v4.3l1.8 2.4a1 1 0 0 1-.8 1.6h-15a1 1 0 0 1-.8-1.6l1.8-2.4v-4.3a6.5 6.5 0 0 1 5-6.3v-.7A1.5 1.5 0 0 1 12 2Zm0 4a4.5 4.5 0 0 0-4.5 4.5v5l-.8 1.3h10.6l-.8-1.3v-5A4.5 4.5 0 0 0 12 6Zm-2.2 14h4.4a2.2 2.2 0 0 1-4.4 0Z';

/** A bell, drawn like the icons of navigation/icons.tsx: notifications. */
export function BellIcon({ size = 20, ...props }: { size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" {...props}>
      <path fillRule="evenodd" d={BELL} />
    </svg>
  );
}

import { useId } from 'react';

/** The mark: a heart inside a speech bubble, in the brand gradient. */
export function LogoMark({ size = 32 }: { size?: number }) {
  const id = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="logo-mark">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--amora-brand-from)" />
          <stop offset="1" stopColor="var(--amora-brand-to)" />
        </linearGradient>
      </defs>
      <path
        d="M16 3C8.8 3 3 8.2 3 14.6c0 3.6 1.8 6.8 4.7 8.9L6.5 29l6-3.2c1.1.3 2.3.4 3.5.4 7.2 0 13-5.2 13-11.6S23.2 3 16 3Z"
        fill={`url(#${id})`}
      />
      <path
        d="M16 20.5 15.1 19.7C11.9 16.8 9.8 14.9 9.8 12.6c0-1.9 1.5-3.3 3.3-3.3 1.1 0 2.2.5 2.9 1.3.7-.8 1.8-1.3 2.9-1.3 1.8 0 3.3 1.4 3.3 3.3 0 2.3-2.1 4.2-5.3 7.1l-.9.8Z"
        fill="#fff"
      />
    </svg>
  );
}

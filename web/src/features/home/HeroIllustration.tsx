import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The hero picture, drawn in SVG: two profile cards with abstract portraits, a chat
 * and a few hearts; the chat bubbles are HTML so that every language fits. No photos: nothing is downloaded.
 */
export function HeroIllustration() {
  const { t } = useTranslation();
  const uid = useId().replace(/:/g, '');
  const id = (name: string) => `${uid}-${name}`;
  return (
    <figure className="hero-illustration" role="img" aria-label={t('home.illustration.label')}>
      <svg className="hero-illustration__art" viewBox="0 0 480 400" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={id('cardA')} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffd9c7" />
          <stop offset="1" stopColor="#f7a8c4" />
        </linearGradient>
        <linearGradient id={id('cardB')} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#c9f2e7" />
          <stop offset="1" stopColor="#8fd9c6" />
        </linearGradient>
        <linearGradient id={id('skinA')} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#8a4f7d" />
          <stop offset="1" stopColor="#5b2a5e" />
        </linearGradient>
        <linearGradient id={id('skinB')} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#2f7f73" />
          <stop offset="1" stopColor="#17564f" />
        </linearGradient>
        <linearGradient id={id('heart')} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff8fa3" />
          <stop offset="1" stopColor="#e8416f" />
        </linearGradient>
        <filter id={id('shadow')} x="-20%" y="-20%" width="140%" height="150%">
          <feDropShadow dx="0" dy="14" stdDeviation="16" floodColor="#2a1240" floodOpacity="0.28" />
        </filter>
      </defs>

      {/* glow */}
      <circle cx="250" cy="220" r="190" fill="#fff" opacity="0.10" />
      <circle cx="250" cy="220" r="130" fill="#fff" opacity="0.08" />

      {/* back card */}
      <g transform="rotate(-8 170 200)" filter={`url(#${id('shadow')})`}>
        <rect x="70" y="70" width="200" height="260" rx="26" fill="#fff" />
        <rect x="84" y="84" width="172" height="176" rx="18" fill={`url(#${id('cardB')})`} />
        <circle cx="170" cy="160" r="36" fill={`url(#${id('skinB')})`} />
        <path d="M108 260c6-42 32-62 62-62s56 20 62 62Z" fill={`url(#${id('skinB')})`} />
        <rect x="92" y="276" width="96" height="12" rx="6" fill="#3b1f5c" opacity="0.85" />
        <rect x="92" y="298" width="140" height="9" rx="4.5" fill="#3b1f5c" opacity="0.25" />
      </g>

      {/* front card */}
      <g transform="rotate(6 320 230)" filter={`url(#${id('shadow')})`}>
        <rect x="220" y="96" width="200" height="260" rx="26" fill="#fff" />
        <rect x="234" y="110" width="172" height="176" rx="18" fill={`url(#${id('cardA')})`} />
        <path d="M278 160c0-24 19-42 42-42s42 18 42 42c0 14-3 26-8 36h-68c-5-10-8-22-8-36Z" fill="#3b1f5c" opacity="0.9" />
        <circle cx="320" cy="172" r="32" fill={`url(#${id('skinA')})`} />
        <path d="M258 286c6-44 32-64 62-64s56 20 62 64Z" fill={`url(#${id('skinA')})`} />
        <rect x="242" y="302" width="84" height="12" rx="6" fill="#3b1f5c" opacity="0.85" />
        <rect x="242" y="324" width="130" height="9" rx="4.5" fill="#3b1f5c" opacity="0.25" />
        <circle cx="388" cy="316" r="20" fill={`url(#${id('heart')})`} />
        <path d="M388 326.5l-1.3-1.2c-4.6-4.2-7.7-7-7.7-10.4 0-2.8 2.2-5 5-5 1.6 0 3.1.7 4 1.9.9-1.2 2.4-1.9 4-1.9 2.8 0 5 2.2 5 5 0 3.4-3.1 6.2-7.7 10.4Z" fill="#fff" />
      </g>

      {/* hearts */}
      <path className="hero-illustration__float" d="M430 86l-2.2-2C419.7 76.8 414 71.6 414 65.5c0-5 3.9-8.9 8.9-8.9 2.8 0 5.5 1.3 7.1 3.4 1.6-2.1 4.3-3.4 7.1-3.4 5 0 8.9 3.9 8.9 8.9 0 6.1-5.7 11.3-13.8 18.5Z" fill={`url(#${id('heart')})`} />
      <path className="hero-illustration__float hero-illustration__float--slow" d="M60 58l-1.5-1.4c-5.5-5-9.2-8.3-9.2-12.4 0-3.3 2.6-5.9 5.9-5.9 1.9 0 3.7.9 4.8 2.3 1.1-1.4 2.9-2.3 4.8-2.3 3.3 0 5.9 2.6 5.9 5.9 0 4.1-3.7 7.4-9.2 12.4Z" fill="#fff" opacity="0.8" />
      <circle cx="456" cy="200" r="6" fill="#fff" opacity="0.6" />
      <circle cx="30" cy="230" r="4" fill="#fff" opacity="0.5" />
      </svg>
      <p className="hero-bubble hero-bubble--them" aria-hidden="true">
        {t('home.illustration.message1')}
      </p>
      <p className="hero-bubble hero-bubble--me" aria-hidden="true">
        {t('home.illustration.message2')}
      </p>
    </figure>
  );
}

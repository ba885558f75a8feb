import { useId } from 'react';

/** A drawn stand-in for a member without a photo: head and shoulders on the brand gradient. */
export function PlaceholderAvatar({ gender, className = '' }: { gender?: string; className?: string }) {
  const id = useId().replace(/:/g, '');
  const tone = gender === 'male' ? '#1f9c8a' : '#b25c9c';
  return (
    <svg className={`member-avatar ${className}`} viewBox="0 0 120 120" preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`member-avatar-${id}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#d9f3ee" />
          <stop offset="1" stopColor="#e9e0fb" />
        </linearGradient>
      </defs>
      <rect width="120" height="120" fill={`url(#member-avatar-${id})`} />
      <circle cx="60" cy="50" r="20" fill="#a995d9" opacity="0.85" />
      <path d="M22 120c2-24 18-38 38-38s36 14 38 38Z" fill={tone} opacity="0.75" />
    </svg>
  );
}

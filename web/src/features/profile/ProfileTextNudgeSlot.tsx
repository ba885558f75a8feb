/**
 * The scam shield's nudge for screens outside the profile editor (the signup wizard): the
 * dialog and its styles load when a name is first flagged, not with every screen that
 * uses the profile's public module (the member shell, see vite.config.ts).
 */
import { Suspense, lazy, useState } from 'react';
import type { ProfileTextNudgeProps } from './ProfileTextNudge';

const Nudge = lazy(() => import('./ProfileTextNudge').then((module) => ({ default: module.ProfileTextNudge })));

export function ProfileTextNudgeSlot(props: ProfileTextNudgeProps) {
  // Once shown it stays mounted, so the dialog closes with its animation (onClosed).
  const [needed, setNeeded] = useState(false);
  if (props.texts !== null && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Nudge {...props} />
    </Suspense>
  );
}

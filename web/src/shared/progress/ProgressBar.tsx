import { useEffect } from 'react';
import { useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useProgress } from './progressStore';

/** Thin bar in the primary colour at the very top of the page. */
export function ProgressBar() {
  const { t } = useTranslation();
  const phase = useProgress((s) => s.phase);
  const value = useProgress((s) => s.value);
  if (phase === 'idle') return null;
  const determinate = value !== null;
  return (
    <div
      className={`amora-progress amora-progress--${phase}`}
      role="progressbar"
      aria-label={t('app.loading')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={determinate ? Math.round(value * 100) : undefined}
    >
      <div
        className={`amora-progress__bar${determinate ? ' amora-progress__bar--determinate' : ''}`}
        style={determinate ? { transform: `scaleX(${value})` } : undefined}
      />
    </div>
  );
}

/** Drives the bar while the router loads a route (lazy chunk, loader). */
export function useNavigationProgress(): void {
  const busy = useNavigation().state !== 'idle';
  useEffect(() => {
    if (!busy) return;
    return useProgress.getState().start();
  }, [busy]);
}

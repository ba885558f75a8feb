import { useLayoutEffect } from 'react';
import { removeServerFirstScreen } from '../shared/firstScreen';
import { i18n } from '../shared/i18n/i18n';

/** The site's settings could not be fetched, even after the retries. */
export function BootFailure({ onRetry }: { onRetry: () => void }) {
  useLayoutEffect(() => removeServerFirstScreen(), []);
  // i18n may not be ready if the catalogs failed too; fall back to English.
  const text = (key: string, fallback: string) => (i18n.isInitialized ? i18n.t(key, { defaultValue: fallback }) : fallback);
  return (
    <section className="error-page container" role="alert">
      <h1 className="error-page__title">{text('errors.genericLater', 'An error occurred, please try again later.')}</h1>
      <button type="button" className="btn btn-primary btn-lg rounded-pill px-4" onClick={onRetry}>
        {text('errorPage.retry', 'Try again')}
      </button>
    </section>
  );
}

import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError } from '../api/errors';
import type { TFunction } from 'i18next';
import { i18n } from '../i18n/i18n';
import { translateError } from '../i18n/translateError';
import { AppLink } from '../routing/AppLink';
import { usePageTitle } from '../title';

export interface ErrorViewProps {
  /** HTTP-like status; 500 when unknown. */
  status?: number;
  /** The error's message; 'Error' when there is none. */
  message?: string | null;
}

/** The error screen (spec section 8): the message as title, the status, and on a 404 a way home. */
export function ErrorView({ status = 500, message }: ErrorViewProps) {
  const { t } = useTranslation();
  const title = message || t('errorPage.title');
  // 503: a passing outage (the client already retried); the message says so, offer a retry.
  const unavailable = status === 503;
  usePageTitle(title);
  return (
    <section className="error-page container" aria-labelledby="error-title">
      <div className="error-page__status" aria-hidden="true">
        {status}
      </div>
      <h1 id="error-title" className="error-page__title">
        {title}
      </h1>
      {!unavailable && (
        <p className="error-page__text">{t(status === 404 ? 'errorPage.notFoundHint' : 'errorPage.hint')}</p>
      )}
      <div className="d-flex flex-wrap gap-2 justify-content-center">
        {status === 404 ? (
          <AppLink to="index" className="btn btn-primary btn-lg rounded-pill px-4">
            {t('errorPage.backHome')}
          </AppLink>
        ) : (
          <button type="button" className="btn btn-primary btn-lg rounded-pill px-4" onClick={() => location.reload()}>
            {t(unavailable ? 'errorPage.retry' : 'errorPage.reload')}
          </button>
        )}
      </div>
    </section>
  );
}

/** Reads what went wrong from a route error: a Response, an ApiError or any Error. */
export function describeRouteError(error: unknown, t: TFunction): Required<ErrorViewProps> {
  if (isRouteErrorResponse(error)) {
    const message = error.status === 404 ? t('errorPage.notFound') : typeof error.data === 'string' ? error.data : '';
    return { status: error.status, message: message || error.statusText };
  }
  if (error instanceof ApiError) {
    return { status: error.status || 500, message: translateError(t, error) };
  }
  return { status: 500, message: error instanceof Error && error.message ? t('errors.generic') : '' };
}

function RouteErrorContent() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (import.meta.env.DEV) console.error(error);
  return <ErrorView {...describeRouteError(error, t)} />;
}

/** The router's errorElement, guarded against failing itself. */
export function RouteErrorPage() {
  return (
    <ErrorPageBoundary>
      <RouteErrorContent />
    </ErrorPageBoundary>
  );
}

/** When showing the error page fails too, show one plain sentence. */
export class ErrorPageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    let text = 'An error occurred while showing the error page';
    try {
      text = i18n.t('errorPage.renderFailed', { defaultValue: text });
    } catch {
      // Keep the English sentence.
    }
    return (
      <p className="error-page__fallback" role="alert">
        {text}
      </p>
    );
  }
}

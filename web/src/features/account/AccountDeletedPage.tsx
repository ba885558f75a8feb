import '../../shared/ui/account.scss';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { membersAreaPath } from '../../shared/routing/guard';
import { pathTo } from '../../shared/routing/paths';
import { useSession } from '../../shared/session';
import { useSiteSettings } from '../../shared/site';
import { usePageTitle } from '../../shared/title';
import { accountApi } from './accountApi';
import { useCountdown } from './countdown';
import { type DeletedState, partnerSuggestionFor } from './deletionFlow';
import { secondStepOf } from '../../shared/session/secondStep';
import { AuthCard } from '../../shared/ui/AuthCard';
import { FormAlert } from '../../shared/ui/alerts';
import { useBusy, useErrorText } from '../../shared/ui/form';

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** Leaving for the partner site; a function so tests can replace it. */
export const partnerRedirect = { go: (url: string) => location.assign(url) };

/** The partner suggestion with a visible countdown and a way to stay. */
export function PartnerSuggestion({ url, seconds }: { url: string; seconds: number }) {
  const { t } = useTranslation('account');
  const { left, cancel } = useCountdown(seconds, true, () => partnerRedirect.go(url));
  const host = hostOf(url);
  return (
    <div className="partner-card" data-testid="partner-suggestion">
      <h2 className="partner-card__title">{t('deleted.partnerTitle')}</h2>
      <p className="partner-card__text">{t('deleted.partnerText', { partner: host })}</p>
      {left !== null ? (
        <div className="partner-card__countdown" role="timer" aria-live="polite">
          <span className="partner-card__seconds" data-testid="partner-seconds">
            {left}
          </span>
          <span>{t('deleted.partnerCountdown', { partner: host })}</span>
        </div>
      ) : (
        <p className="small text-body-secondary mb-3">{t('deleted.partnerCancelled')}</p>
      )}
      <div className="d-flex flex-wrap gap-2">
        <a href={url} className="btn btn-primary rounded-pill px-4" rel="noopener">
          {t('deleted.partnerGo', { partner: host })}
        </a>
        {left !== null && (
          <button type="button" className="btn btn-outline-dark rounded-pill px-4" onClick={cancel} data-testid="partner-cancel">
            {t('deleted.partnerStay')}
          </button>
        )}
      </div>
    </div>
  );
}

/** /account-deleted: the confirmation, reactivation with ?reactivate=TOKEN, the partner suggestion. */
export function AccountDeletedPage() {
  const { t } = useTranslation('account');
  const { errorText } = useErrorText();
  const settings = useSiteSettings();
  const navigate = useNavigate();
  const setUser = useSession((s) => s.setUser);
  const [query] = useSearchParams();
  const token = query.get('reactivate');
  // The confirmation only right after a deletion (the flow says so in the history state,
  // which a reload keeps): typed in or linked, the page would tell a lie (issue 19.6).
  const deletion = useLocation().state as Partial<DeletedState> | null;
  const justDeleted = deletion?.deleted === true;
  const foundPartner = deletion?.reason === 'found_partner';
  const { busy, run } = useBusy();
  const [error, setError] = useState<string | null>(null);
  usePageTitle(token ? t('deleted.reactivateTitle') : t('deleted.title'));

  // Right after a deletion the server has ended the session: let the store hear it.
  useEffect(() => {
    if (!token && useSession.getState().user) void useSession.getState().refresh();
  }, [token]);

  const reactivate = () =>
    run(async () => {
      setError(null);
      try {
        setUser(await accountApi.reactivate(token ?? ''));
        navigate(membersAreaPath(), { replace: true });
      } catch (caught) {
        // Reactivated, and two-step login is on (issue 33.2): the login page asks for the code.
        const secondStep = secondStepOf(caught);
        if (secondStep) navigate(pathTo('login'), { replace: true, state: { secondStep } });
        else setError(errorText(caught));
      }
    });

  if (token) {
    return (
      <AuthCard icon="sparkle" title={t('deleted.reactivateTitle')} intro={t('deleted.reactivateText', { sitename: settings.name })}>
        {error && <FormAlert testId="reactivate-error">{error}</FormAlert>}
        <button
          type="button"
          className="btn btn-primary btn-lg rounded-pill w-100"
          onClick={() => void reactivate()}
          disabled={busy}
          data-testid="reactivate-submit"
        >
          {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {t('deleted.reactivate')}
        </button>
      </AuthCard>
    );
  }

  if (!justDeleted) return <Navigate to="/" replace />;
  const partner = partnerSuggestionFor(deletion.reason, settings.partner_url);
  return (
    <AuthCard
      icon={foundPartner ? 'heart' : 'check'}
      title={foundPartner ? t('deleted.congratsTitle') : t('deleted.title')}
      intro={t(foundPartner ? 'deleted.congratsText' : 'deleted.text', { sitename: settings.name })}
      wide={Boolean(partner)}
    >
      <ul className="welcome-list">
        <li>{t('deleted.point1', { days: 14 })}</li>
        <li>{t('deleted.point2', { days: 14 })}</li>
      </ul>
      <p className="small text-body-secondary">
        {t('deleted.support')}{' '}
        <a href={`mailto:${settings.support_email}`} className="text-break">
          {settings.support_email}
        </a>
      </p>
      {partner && <PartnerSuggestion url={partner} seconds={settings.partner_countdown} />}
    </AuthCard>
  );
}

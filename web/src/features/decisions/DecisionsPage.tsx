import '../../shared/ui/account.scss';
import './decisions.scss';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { toLanguage } from '../../shared/i18n/languages';
import { BusyState } from '../../shared/ui/BusyState';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RetryAlert } from '../../shared/ui/alerts';
import { useErrorText } from '../../shared/ui/form';
import { useLoad } from '../../shared/api/useLoad';
import { usePageTitle } from '../../shared/title';
import { AppealBox } from './AppealBox';
import { DecisionCard } from './DecisionCard';
import { decisionsApi } from './decisionsApi';

/** /decisions (issue 30.2): every decision that restricted the member, newest first, with
 * its reasons and a way to contest it. The mail of a decision links here. */
export function DecisionsPage() {
  const { t, i18n } = useTranslation('decisions');
  const { errorText } = useErrorText();
  usePageTitle(t('title'));
  const language = toLanguage(i18n.language) ?? 'en';
  const loaded = useLoad((signal) => decisionsApi.list(language, signal), language);
  const { hash } = useLocation();

  // A link to one decision (#decision-12) shows it once the list is there.
  useEffect(() => {
    if (loaded.phase === 'done' && hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [loaded.phase, hash]);

  return (
    <div className="decisions-page" data-testid="decisions-page">
      <PageHeader title={t('title')} intro={t('intro')} />
      <div className="container decisions-page__body">
        {loaded.phase === 'loading' && <BusyState label={t('app.loading', { ns: 'common' })} className="decisions-page__busy" />}
        {loaded.phase === 'error' && (
          <RetryAlert message={`${t('loadFailed')} ${errorText(loaded.error)}`} retryLabel={t('retry')} onRetry={loaded.reload} testId="decisions-error" />
        )}
        {loaded.phase === 'done' &&
          (loaded.data.length === 0 ? (
            <p className="decisions-page__empty" data-testid="decisions-empty">
              {t('empty')}
            </p>
          ) : (
            <div className="decisions-list">
              {loaded.data.map((decision) => (
                <DecisionCard key={decision.id} decision={decision}>
                  <AppealBox decision={decision} />
                </DecisionCard>
              ))}
            </div>
          ))}
      </div>
    </div>
  );
}

/**
 * The ban page's "why was I banned" (issue 30.2): the ban's decision, looked up with the
 * account's address and password (a ban ends every session), shown once they say whose it
 * is. app/ puts it into the ban page's appeal form (legal's BanReasonsSlot).
 */
import './decisions.scss';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '../../shared/i18n/languages';
import { FormAlert } from '../../shared/ui/alerts';
import { BusySpinner } from '../../shared/ui/buttons';
import { useErrorText } from '../../shared/ui/form';
import { AppealState } from './AppealBox';
import { DecisionCard } from './DecisionCard';
import { type Decision, decisionsApi } from './decisionsApi';

/** `credentials`: the form's address and password, or null when it showed what is missing. */
export function BanReasons({ credentials }: { credentials: () => { email: string; password: string } | null }) {
  const { t, i18n } = useTranslation('decisions');
  const { errorText } = useErrorText();
  const [ban, setBan] = useState<{ decision: Decision | null } | null>(null);
  const [looking, setLooking] = useState(false);
  const [lookError, setLookError] = useState<unknown>(null);

  const showReasons = async () => {
    const given = credentials();
    if (!given) return;
    setLooking(true);
    setLookError(null);
    try {
      setBan({ decision: await decisionsApi.ofBan(given.email, given.password, toLanguage(i18n.language) ?? 'en') });
    } catch (error) {
      setBan(null);
      setLookError(error);
    } finally {
      setLooking(false);
    }
  };

  return (
    <div className="ban-reasons">
      <p className="ban-reasons__intro">{t('ban.intro')}</p>
      <button type="button" className="btn btn-outline-primary rounded-pill" onClick={() => void showReasons()} disabled={looking} data-testid="ban-reasons-show">
        {looking && <BusySpinner />}
        {t('ban.show')}
      </button>
      {lookError !== null && <FormAlert testId="ban-reasons-error">{errorText(lookError)}</FormAlert>}
      {ban &&
        (ban.decision ? (
          <DecisionCard decision={ban.decision}>{ban.decision.appeal && <AppealState appeal={ban.decision.appeal} />}</DecisionCard>
        ) : (
          <p className="mb-0" data-testid="ban-reasons-none">
            {t('ban.none')}
          </p>
        ))}
    </div>
  );
}

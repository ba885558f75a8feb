import { useTranslation } from 'react-i18next';
import type { User } from '../../shared/api/types';
import { Section } from '../../shared/ui/sections';
import { DeleteConfirm, DeleteNavigation, DeleteOffers, DeleteReasons } from './DeleteSteps';
import { useDeletion } from './useDeletion';

/** Account deletion in three steps: why, what could make the member stay, the password. */
export function DeleteSection({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const deletion = useDeletion(user);
  const { state, dispatch } = deletion;
  const stepNumber = { closed: 0, reasons: 1, offers: 2, confirm: 3 }[state.step];
  return (
    <Section id="settings-delete" icon="trash" title={t('settings.delete.title')} intro={t('settings.delete.intro')} tone="danger">
      {state.step === 'closed' ? (
        <button type="button" className="btn btn-outline-danger rounded-pill" onClick={() => dispatch({ type: 'start' })} data-testid="settings-delete-start">
          {t('settings.delete.start')}
        </button>
      ) : (
        <div className="delete-flow" data-step={state.step}>
          <p className="delete-flow__progress">{t('settings.delete.progress', { step: stepNumber, total: 3 })}</p>
          {state.step === 'reasons' && <DeleteReasons deletion={deletion} />}
          {state.step === 'offers' && <DeleteOffers deletion={deletion} />}
          {state.step === 'confirm' ? <DeleteConfirm deletion={deletion} /> : <DeleteNavigation deletion={deletion} />}
        </div>
      )}
    </Section>
  );
}

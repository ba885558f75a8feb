import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../shared/ui/alerts';
import { SubmitButton } from '../../shared/ui/buttons';
import { focusOnAppear } from '../../shared/ui/focusOnAppear';
import { PasswordField } from '../../shared/ui/fields';
import { useErrorText } from '../../shared/ui/form';
import { Icon } from '../../shared/ui/icons';
import { DELETE_REASONS, OTHER_DETAILS_MAX, canContinue } from './deletionFlow';
import type { Deletion } from './useDeletion';

/** Step 1: why the member leaves (with their own words for "other"). */
export function DeleteReasons({ deletion: { state, dispatch } }: { deletion: Deletion }) {
  const { t } = useTranslation('account');
  return (
    <fieldset>
      <legend className="delete-flow__title">{t('settings.delete.reasonsTitle')}</legend>
      <div className="delete-reasons">
        {DELETE_REASONS.map((reason) => (
          <div key={reason} className="form-check delete-reasons__item">
            <input
              className="form-check-input"
              type="radio"
              name="delete-reason"
              id={`delete-reason-${reason}`}
              checked={state.reason === reason}
              onChange={() => dispatch({ type: 'reason', reason })}
            />
            <label className="form-check-label" htmlFor={`delete-reason-${reason}`}>
              {t(`settings.delete.reasons.${reason}`)}
            </label>
          </div>
        ))}
      </div>
      {state.reason === 'other' && (
        <div className="mt-3">
          <label htmlFor="delete-details" className="form-label">
            {t('settings.delete.detailsLabel')}
          </label>
          <textarea
            id="delete-details"
            className="form-control"
            rows={3}
            maxLength={OTHER_DETAILS_MAX}
            value={state.details}
            onChange={(event) => dispatch({ type: 'details', details: event.target.value })}
            data-testid="settings-delete-details"
          />
        </div>
      )}
    </fieldset>
  );
}

/** Step 2: what could make the member stay (going invisible, a discount), if anything. */
export function DeleteOffers({ deletion }: { deletion: Deletion }) {
  const { t } = useTranslation('account');
  const { offers, keptInvisible } = deletion;
  return (
    <div>
      <h3 className="delete-flow__title">{t('settings.delete.offersTitle')}</h3>
      <div className="delete-offers">
        {(offers.invisible || keptInvisible) && <InvisibleOffer deletion={deletion} />}
        {offers.discount !== null && <DiscountOffer deletion={deletion} discount={offers.discount} />}
        {!offers.invisible && !keptInvisible && offers.discount === null && <p className="text-body-secondary mb-0">{t('settings.delete.noOffers')}</p>}
      </div>
    </div>
  );
}

function InvisibleOffer({ deletion: { invisible, keptInvisible, keepInvisible } }: { deletion: Deletion }) {
  const { t } = useTranslation('account');
  return (
    <div className="delete-offer">
      <Icon name="eyeOff" size={24} className="delete-offer__icon" />
      <div className="flex-grow-1">
        <h4 className="delete-offer__title">{t('settings.delete.invisibleTitle')}</h4>
        <p className="delete-offer__text">{t('settings.delete.invisibleText')}</p>
        {keptInvisible ? (
          <FormAlert variant="success" testId="settings-delete-invisible-done">
            {t('settings.delete.invisibleDone')}
          </FormAlert>
        ) : (
          <button type="button" className="btn btn-primary rounded-pill" disabled={invisible.busy} onClick={keepInvisible} data-testid="settings-delete-invisible">
            {t('settings.delete.invisibleButton')}
          </button>
        )}
        {invisible.error && <FormAlert>{invisible.error}</FormAlert>}
      </div>
    </div>
  );
}

function DiscountOffer({ deletion: { stay }, discount }: { deletion: Deletion; discount: number }) {
  const { t } = useTranslation('account');
  return (
    <div className="delete-offer delete-offer--discount">
      <span className="delete-offer__badge">−{discount}%</span>
      <div className="flex-grow-1">
        <h4 className="delete-offer__title">{t('settings.delete.discountTitle', { discount })}</h4>
        <p className="delete-offer__text">{t('settings.delete.discountText', { discount })}</p>
        {stay.spent ? (
          <FormAlert variant="info" testId="settings-delete-discount-spent">
            {t('settings.delete.discountSpent')}
          </FormAlert>
        ) : (
          <button type="button" className="btn btn-outline-primary rounded-pill" disabled={stay.busy} onClick={stay.claim} data-testid="settings-delete-discount">
            {t('settings.delete.discountButton')}
          </button>
        )}
        {stay.error && <FormAlert>{stay.error}</FormAlert>}
      </div>
    </div>
  );
}

/** Step 3: what deleting means, and the password that does it. */
export function DeleteConfirm({ deletion: { form, confirm, dispatch } }: { deletion: Deletion }) {
  const { t } = useTranslation('account');
  const { errorText } = useErrorText();
  return (
    <form onSubmit={confirm} noValidate className="settings-form" aria-label={t('settings.delete.confirmTitle')}>
      <h3 className="delete-flow__title">{t('settings.delete.confirmTitle')}</h3>
      <ul className="settings-points settings-points--warning">
        <li>{t('settings.delete.warning1')}</li>
        <li>{t('settings.delete.warning2')}</li>
        <li>{t('settings.delete.warning3', { days: 14 })}</li>
      </ul>
      {form.error !== null && <FormAlert>{errorText(form.error)}</FormAlert>}
      <PasswordField label={t('fields.currentPassword')} autoComplete="current-password" {...form.field('password')} maxLength={1000} ref={focusOnAppear} />
      <div className="settings-form__actions">
        <SubmitButton busy={form.busy} className="btn btn-danger rounded-pill px-4" testId="settings-delete-confirm">
          {t('settings.delete.confirm')}
        </SubmitButton>
        <button type="button" className="btn btn-link text-body-secondary" onClick={() => dispatch({ type: 'back' })}>
          {t('settings.back')}
        </button>
      </div>
    </form>
  );
}

/** Steps 1 and 2's way out (cancel, or keep the account) and on. */
export function DeleteNavigation({ deletion: { state, dispatch, keep } }: { deletion: Deletion }) {
  const { t } = useTranslation('account');
  return (
    <div className="settings-form__actions mt-4">
      {state.step === 'offers' ? (
        <button key="keep" type="button" className="btn btn-primary rounded-pill px-4" onClick={keep} data-testid="settings-delete-keep">
          {t('settings.delete.keep')}
        </button>
      ) : (
        <button key="cancel" type="button" className="btn btn-outline-dark rounded-pill px-4" onClick={() => dispatch({ type: 'cancel' })}>
          {t('settings.cancel')}
        </button>
      )}
      <button
        type="button"
        className="btn btn-link text-danger"
        disabled={!canContinue(state)}
        onClick={() => dispatch({ type: 'next' })}
        data-testid="settings-delete-next"
      >
        {state.step === 'offers' ? t('settings.delete.continueDeleting') : t('settings.next')}
      </button>
    </div>
  );
}

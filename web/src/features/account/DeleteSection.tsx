import { useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/errors';
import type { User } from '../../shared/api/types';
import { pathTo, routeExists } from '../../shared/routing/paths';
import { FormAlert } from '../../shared/ui/alerts';
import { SubmitButton } from '../../shared/ui/buttons';
import { focusOnAppear } from '../../shared/ui/focusOnAppear';
import { PasswordField } from '../../shared/ui/fields';
import { useBusy, useErrorText, useForm } from '../../shared/ui/form';
import { Icon } from '../../shared/ui/icons';
import { Section } from '../../shared/ui/sections';
import { useCompany } from '../../shared/site';
import { accountApi } from './accountApi';
import { DELETE_REASONS, type DeletedState, OTHER_DETAILS_MAX, canContinue, deletionReducer, initialDeletion, offersFor, reasonText } from './deletionFlow';
import { useInvisible } from './PreferenceSections';

/** Account deletion in three steps: why, what could make the member stay, the password. */
export function DeleteSection({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { errorText } = useErrorText();
  const navigate = useNavigate();
  const company = useCompany((s) => s.company);
  const [state, dispatch] = useReducer(deletionReducer, initialDeletion);
  const invisible = useInvisible();
  const [keptInvisible, setKeptInvisible] = useState(false);
  const { busy, run } = useBusy();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ initial: { password: '' }, order: ['password'], idPrefix: 'settings-delete' });
  const offers = offersFor({
    invisible: user.invisible && !keptInvisible,
    creditsRouteExists: routeExists('credits'),
    deleteDiscount: company?.delete_discount,
  });

  const confirm = form.submit({
    check: ({ password }) => ({ password: password ? null : { code: 'password_required' } }),
    send: async ({ password }) => {
      await accountApi.deleteAccount({ password, reason: reasonText(state) });
      // The server ended the session. The next screen asks who is logged in; forgetting
      // the member here would make this members-only screen send them to the login.
      const deleted: DeletedState = { deleted: true, reason: state.reason };
      navigate(pathTo('account-deleted'), { replace: true, state: deleted });
    },
    refused: (caught) => (caught instanceof ApiError && caught.code === 'password_wrong' ? { password: { code: caught.code } } : null),
  });

  // The offer is real: claiming it puts the discount on the member's next order, once.
  const [stay, setStay] = useState<'spent' | null>(null);
  const claimStay = () => {
    setError(null);
    void run(async () => {
      try {
        const claimed = await accountApi.claimStayDiscount();
        if (claimed.spent) setStay('spent');
        else await navigate(pathTo('credits'));
      } catch (caught) {
        setError(errorText(caught));
      }
    });
  };

  const stepNumber = { closed: 0, reasons: 1, offers: 2, confirm: 3 }[state.step];
  return (
    <Section id="settings-delete" icon="trash" title={t('settings.delete.title')} intro={t('settings.delete.intro')} tone="danger">
      {state.step === 'closed' && (
        <button type="button" className="btn btn-outline-danger rounded-pill" onClick={() => dispatch({ type: 'start' })} data-testid="settings-delete-start">
          {t('settings.delete.start')}
        </button>
      )}

      {state.step !== 'closed' && (
        <div className="delete-flow" data-step={state.step}>
          <p className="delete-flow__progress">{t('settings.delete.progress', { step: stepNumber, total: 3 })}</p>

          {state.step === 'reasons' && (
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
          )}

          {state.step === 'offers' && (
            <div>
              <h3 className="delete-flow__title">{t('settings.delete.offersTitle')}</h3>
              <div className="delete-offers">
                {(offers.invisible || keptInvisible) && (
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
                        <button
                          type="button"
                          className="btn btn-primary rounded-pill"
                          disabled={invisible.busy}
                          onClick={() => void invisible.save(true).then((ok) => ok && setKeptInvisible(true))}
                          data-testid="settings-delete-invisible"
                        >
                          {t('settings.delete.invisibleButton')}
                        </button>
                      )}
                      {invisible.error && <FormAlert>{invisible.error}</FormAlert>}
                    </div>
                  </div>
                )}
                {offers.discount !== null && (
                  <div className="delete-offer delete-offer--discount">
                    <span className="delete-offer__badge">−{offers.discount}%</span>
                    <div className="flex-grow-1">
                      <h4 className="delete-offer__title">{t('settings.delete.discountTitle', { discount: offers.discount })}</h4>
                      <p className="delete-offer__text">{t('settings.delete.discountText', { discount: offers.discount })}</p>
                      {stay === 'spent' ? (
                        <FormAlert variant="info" testId="settings-delete-discount-spent">
                          {t('settings.delete.discountSpent')}
                        </FormAlert>
                      ) : (
                        <button type="button" className="btn btn-outline-primary rounded-pill" disabled={busy} onClick={claimStay} data-testid="settings-delete-discount">
                          {t('settings.delete.discountButton')}
                        </button>
                      )}
                      {error && <FormAlert>{error}</FormAlert>}
                    </div>
                  </div>
                )}
                {!offers.invisible && !keptInvisible && offers.discount === null && (
                  <p className="text-body-secondary mb-0">{t('settings.delete.noOffers')}</p>
                )}
              </div>
            </div>
          )}

          {state.step === 'confirm' && (
            <form onSubmit={confirm} noValidate className="settings-form" aria-label={t('settings.delete.confirmTitle')}>
              <h3 className="delete-flow__title">{t('settings.delete.confirmTitle')}</h3>
              <ul className="settings-points settings-points--warning">
                <li>{t('settings.delete.warning1')}</li>
                <li>{t('settings.delete.warning2')}</li>
                <li>{t('settings.delete.warning3', { days: 14 })}</li>
              </ul>
              {form.error !== null && <FormAlert>{errorText(form.error)}</FormAlert>}
              <PasswordField
                label={t('fields.currentPassword')}
                autoComplete="current-password"
                {...form.field('password')}
                maxLength={1000}
                ref={focusOnAppear}
              />
              <div className="settings-form__actions">
                <SubmitButton busy={form.busy} className="btn btn-danger rounded-pill px-4" testId="settings-delete-confirm">
                  {t('settings.delete.confirm')}
                </SubmitButton>
                <button type="button" className="btn btn-link text-body-secondary" onClick={() => dispatch({ type: 'back' })}>
                  {t('settings.back')}
                </button>
              </div>
            </form>
          )}

          {state.step !== 'confirm' && (
            <div className="settings-form__actions mt-4">
              {state.step === 'offers' ? (
                <button
                  key="keep"
                  type="button"
                  className="btn btn-primary rounded-pill px-4"
                  onClick={() => {
                    dispatch({ type: 'cancel' });
                    setKeptInvisible(false);
                  }}
                  data-testid="settings-delete-keep"
                >
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
          )}
        </div>
      )}
    </Section>
  );
}

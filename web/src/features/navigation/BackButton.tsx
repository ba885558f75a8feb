import { useTranslation } from 'react-i18next';
import { useMatches, useNavigate } from 'react-router';
import { isStandalone } from '../../shared/displayMode';
import { Icon } from '../../shared/ui/icons';

/** The screens that get a back button in the installed app (spec section 2, Navigation). */
export const BACK_BUTTON_ROUTES: readonly string[] = [
  'members-id',
  'likes-type',
  'likes-m-id',
  'credits',
  'credits-id-paymentmethod',
];

/**
 * An installed app has no browser back button: show ours when running standalone, with
 * somewhere to go back to (history longer than 1), on one of the screens above.
 */
export function shouldShowBackButton(input: { standalone: boolean; historyLength: number; routeIds: readonly string[] }): boolean {
  return input.standalone && input.historyLength > 1 && input.routeIds.some((id) => BACK_BUTTON_ROUTES.includes(id));
}

export function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const routeIds = useMatches().map((match) => match.id);
  const show = shouldShowBackButton({
    standalone: isStandalone(),
    historyLength: typeof history === 'undefined' ? 0 : history.length,
    routeIds,
  });
  if (!show) return null;
  return (
    <button
      type="button"
      className="btn btn-link nav-pill top-nav__back"
      aria-label={t('nav.back')}
      title={t('nav.back')}
      data-testid="nav-back"
      onClick={() => void navigate(-1)}
    >
      <Icon name="arrowLeft" />
    </button>
  );
}

import { useTranslation } from 'react-i18next';
import { AppLink } from '../routing/AppLink';
import { FormAlert } from './alerts';

/**
 * A member without an active main photo is shown after every member with one and never
 * in the swipe game (issue 19.1): they are asked to add one. A photo waiting for review
 * (or held for one) says so instead.
 */
export function PhotoNudge({ mainImage }: { mainImage: { status: string } | null | undefined }) {
  const { t } = useTranslation('common');
  if (mainImage === undefined || mainImage?.status === 'active') return null;
  // Held by the block lists (issue 31.3): waiting for a moderator too.
  const pending = mainImage?.status === 'pending' || mainImage?.status === 'held';
  return (
    <FormAlert variant="info" icon="photo" testId="photo-nudge">
      <p className="fw-semibold mb-1">{t(pending ? 'photoNudge.pendingTitle' : 'photoNudge.title')}</p>
      <p className={pending ? 'mb-0' : 'mb-2'}>{t(pending ? 'photoNudge.pendingText' : 'photoNudge.text')}</p>
      {!pending && (
        <AppLink to="profile" className="btn btn-primary btn-sm rounded-pill px-3" data-testid="photo-nudge-add">
          {t('photoNudge.add')}
        </AppLink>
      )}
    </FormAlert>
  );
}

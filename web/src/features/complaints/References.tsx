import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared/ui/icons';
import { type MemberProfile, PlaceholderAvatar, imageUrl } from '../../shared/members';
import { useSettings } from '../../shared/site';

/** The member named in ?member=: looked up for their name, else just the number. */
export type LinkedMember = { status: 'none' } | { status: 'loading'; id: number } | { status: 'found'; profile: MemberProfile };

/** The member the complaint is about, from the link the reporter came by. */
export function MemberRef({ linked, typed, onRemove, problem }: { linked: LinkedMember; typed: string; onRemove: () => void; problem: string | null }) {
  const { t } = useTranslation('complaints');
  return (
    <div className="complaint-ref" role="group" aria-labelledby="complaint-member-ref-label" data-testid="complaint-member-ref">
      <MemberAvatar linked={linked} />
      <span className="complaint-ref__body">
        <span id="complaint-member-ref-label" className="complaint-ref__label">
          {t('form.aboutMember')}
        </span>
        {linked.status === 'found' ? (
          <span className="complaint-ref__name" data-testid="complaint-member-name">
            {linked.profile.name}
            <span className="complaint-ref__meta">, {linked.profile.age}</span>
          </span>
        ) : (
          <span className="complaint-ref__name" aria-busy="true">
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            {t('form.memberLoading', { id: typed })}
          </span>
        )}
      </span>
      <button
        type="button"
        id="complaint-member"
        className="btn btn-link complaint-ref__remove"
        onClick={onRemove}
        aria-describedby={problem ? 'complaint-member-error' : undefined}
        data-testid="complaint-member-remove"
      >
        {t('form.memberRemove')}
      </button>
    </div>
  );
}

/** The message the complaint is about, from the link the reporter came by. */
export function MessageRef({ id, text, onRemove, problem }: { id: number; text?: string | null; onRemove: () => void; problem: string | null }) {
  const { t } = useTranslation('complaints');
  return (
    <div className="complaint-ref complaint-ref--message" role="group" aria-labelledby="complaint-message-label" data-testid="complaint-message-ref">
      <span className="complaint-ref__icon" aria-hidden="true">
        <Icon name="chat" size={20} />
      </span>
      <span className="complaint-ref__body">
        <span id="complaint-message-label" className="complaint-ref__label">
          {t('form.aboutMessage')}
        </span>
        <span className="complaint-ref__name">{t('form.messageNumber', { id })}</span>
        {text && (
          <q className="complaint-ref__quote" data-testid="complaint-message-quote">
            {text}
          </q>
        )}
      </span>
      <button
        type="button"
        id="complaint-message"
        className="btn btn-link complaint-ref__remove"
        onClick={onRemove}
        aria-describedby={problem ? 'complaint-message-error' : undefined}
        data-testid="complaint-message-remove"
      >
        {t('form.messageRemove')}
      </button>
    </div>
  );
}

/** The photo the report is about (issue 30.4), from the link the reporter came by. */
export function PhotoRef({ id, linked, onRemove, problem }: { id: number; linked: LinkedMember; onRemove: () => void; problem: string | null }) {
  const { t } = useTranslation('complaints');
  const prefix = useSettings((s) => s.settings?.cdn_prefix ?? '');
  const profile = linked.status === 'found' ? linked.profile : null;
  const photo = profile?.photos.find((p) => p.id === id && !p.locked);
  const file = photo ? (photo.thumb_filename ?? photo.filename) : null;
  return (
    <div className="complaint-ref complaint-ref--photo" role="group" aria-labelledby="complaint-photo-label" data-testid="complaint-photo-ref">
      <span className="complaint-ref__avatar complaint-ref__avatar--photo" aria-hidden="true">
        {file ? <img src={imageUrl(prefix, file)} alt="" /> : <Icon name="photo" size={20} />}
      </span>
      <span className="complaint-ref__body">
        <span id="complaint-photo-label" className="complaint-ref__label">
          {t('form.aboutPhoto')}
        </span>
        <span className="complaint-ref__name" data-testid="complaint-photo-name">
          {profile ? t('form.photoOf', { name: profile.name }) : t('form.photoNumber', { id })}
        </span>
      </span>
      <button
        type="button"
        id="complaint-photo"
        className="btn btn-link complaint-ref__remove"
        onClick={onRemove}
        aria-describedby={problem ? 'complaint-photo-error' : undefined}
        data-testid="complaint-photo-remove"
      >
        {t('form.photoRemove')}
      </button>
    </div>
  );
}

/** The photo of the member complained about, or a placeholder. */
function MemberAvatar({ linked }: { linked: LinkedMember }) {
  const prefix = useSettings((s) => s.settings?.cdn_prefix ?? '');
  const profile = linked.status === 'found' ? linked.profile : null;
  const photo = profile?.photos.find((p) => !p.locked && (p.thumb_filename ?? p.filename));
  const file = photo ? (photo.thumb_filename ?? photo.filename) : null;
  return (
    <span className="complaint-ref__avatar" aria-hidden="true">
      {file ? <img src={imageUrl(prefix, file)} alt="" /> : <PlaceholderAvatar gender={profile?.gender} />}
    </span>
  );
}

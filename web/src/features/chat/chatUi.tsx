/** Pieces shared by the conversation list and the conversation: avatar, the credits link, the delete confirmation. */
import './chat.scss';
import { type ReactNode, useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { routeExists } from '../../shared/routing/paths';
import { PlaceholderAvatar, imageUrl } from '../../shared/members';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon } from '../../shared/ui/icons';
import { useSettings } from '../../shared/site';

interface AvatarProfile {
  main_image: { thumb_filename: string } | null;
  gender?: string;
}

export function ChatAvatar({ profile, className = '' }: { profile: AvatarProfile; className?: string }) {
  const prefix = useSettings((s) => s.settings?.cdn_prefix ?? '');
  return (
    <span className={`chat-avatar ${className}`}>
      {profile.main_image ? (
        <img src={imageUrl(prefix, profile.main_image.thumb_filename)} alt="" loading="lazy" decoding="async" />
      ) : (
        <PlaceholderAvatar gender={profile.gender} />
      )}
    </span>
  );
}

/** The way to buy credits: the credits screen once it exists, until then its plain address. */
export function BuyCreditsLink({ className, children }: { className: string; children: ReactNode }) {
  if (routeExists('credits')) {
    return (
      <AppLink to="credits" className={className} data-testid="buy-credits">
        {children}
      </AppLink>
    );
  }
  return (
    <a href="/credits" className={className} data-testid="buy-credits">
      {children}
    </a>
  );
}

/** Asks before a conversation is deleted (it comes back when the other writes again). */
export function ConfirmDeleteModal({ name, show, onConfirm, onCancel }: { name: string; show: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="chat-delete-title" className="chat-modal">
      <Modal.Body className="p-4 p-sm-5 text-center">
        <div className="chat-modal__icon" aria-hidden="true">
          <Icon name="trash" size={28} />
        </div>
        <h2 id="chat-delete-title" className="h4 mb-3">
          {t('confirmDelete.title')}
        </h2>
        <p className="text-body-secondary">{t('confirmDelete.text', { name })}</p>
        <div className="d-grid gap-2 mt-4">
          <button type="button" className="btn btn-danger rounded-pill" onClick={onConfirm} data-testid="chat-delete-confirm">
            {t('confirmDelete.confirm')}
          </button>
          <button type="button" className="btn btn-link text-body-secondary" onClick={onCancel} data-testid="chat-delete-cancel">
            {t('confirmDelete.cancel')}
          </button>
        </div>
      </Modal.Body>
    </Modal>
  );
}

/** The current time, renewed every `ms` so relative times ("3 minutes ago") move on. */
export function useNow(ms = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

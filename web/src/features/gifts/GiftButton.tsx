import './gifts.scss';
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { LoginPrompt } from '../../shared/ui/LoginPrompt';
import { Icon } from '../../shared/ui/icons';
import { useIsLoggedIn } from '../../shared/session';
import type { GiftSent } from './giftsApi';
import { GiftPicker } from './GiftPicker';

export interface GiftButtonProps {
  member: { id: number; name: string };
  /** `pill`: "Send a gift" with words (profile); `icon`: a round gift beside the message field. */
  variant?: 'pill' | 'icon';
  onSent?: (sent: GiftSent) => void;
  className?: string;
}

/**
 * Opens the gift picker for a member. In the conversation (`icon`) the picker closes
 * after sending, since the gift shows in the list; on the profile it says it went out.
 * Visitors get the login / signup prompt instead (gifts need a login, spec section 6).
 */
export function GiftButton({ member, variant = 'pill', onSent, className = '' }: GiftButtonProps) {
  const { t } = useTranslation('gifts');
  const loggedIn = useIsLoggedIn();
  const [open, setOpen] = useState<'picker' | 'login' | null>(null);
  const label = t('button');
  const classes = variant === 'icon' ? 'btn gift-button gift-button--icon' : 'btn btn-outline-primary rounded-pill px-4 gift-button';

  return (
    <>
      <button
        type="button"
        className={`${classes} ${className}`}
        onClick={() => setOpen(loggedIn ? 'picker' : 'login')}
        aria-label={variant === 'icon' ? label : undefined}
        title={label}
        aria-haspopup="dialog"
        data-testid="gift-button"
      >
        <Icon name="gift" size={variant === 'icon' ? 20 : 18} className={variant === 'pill' ? 'me-2' : undefined} />
        {variant === 'pill' && label}
      </button>
      {loggedIn && (
        <GiftPicker member={member} show={open === 'picker'} onHide={() => setOpen(null)} onSent={onSent} closeOnSent={variant === 'icon'} />
      )}
      <Modal show={open === 'login'} onHide={() => setOpen(null)} centered aria-label={t('gate.title', { name: member.name })} className="like-gate">
        <Modal.Header closeButton closeLabel={t('picker.close')} className="border-0 pb-0" />
        {/* Following the prompt's signup or login link leaves this little modal behind. */}
        <Modal.Body className="pt-0" onClick={(event) => (event.target as HTMLElement).closest('a') && setOpen(null)}>
          <LoginPrompt title={t('gate.title', { name: member.name })} text={t('gate.text')} />
        </Modal.Body>
      </Modal>
    </>
  );
}

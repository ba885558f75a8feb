import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { LoginPrompt } from '../../shared/ui/LoginPrompt';

/**
 * A visitor pressed a like button: log in or sign up first. Its own chunk (with
 * react-bootstrap's Modal), loaded when first shown: the member search and member cards
 * need none of it to show.
 */
export function LikeGate({ name, onHide }: { name: string; onHide: () => void }) {
  const { t } = useTranslation('likes');
  return (
    <Modal show onHide={onHide} centered aria-label={t('gate.title', { name })} className="like-gate">
      <Modal.Header closeButton closeLabel={t('close')} className="border-0 pb-0" />
      {/* Following the prompt's signup or login link leaves this little modal behind. */}
      <Modal.Body className="pt-0" onClick={(event) => (event.target as HTMLElement).closest('a') && onHide()}>
        <LoginPrompt title={t('gate.title', { name })} text={t('gate.text')} />
      </Modal.Body>
    </Modal>
  );
}

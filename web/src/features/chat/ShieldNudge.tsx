/**
 * The scam shield's nudge (issue 31.2): a message it flagged was not sent. The member is
 * told what was found, by group, with the found parts marked in their text, and what
 * happens if they send it anyway; then they edit it (the text waits in the field) or send
 * it as it is.
 */
import './chat.scss';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { focusOnAppear } from '../../shared/ui/focusOnAppear';
import { Icon } from '../../shared/ui/icons';
import { type Span, groupsOf, isReason, pieces, reasonsIn } from './shield';

/** The text with the found parts marked; each mark names its reason for screen readers. */
export function MarkedText({ text, spans }: { text: string; spans: readonly Span[] }) {
  const { t } = useTranslation('chat');
  return (
    <>
      {pieces(text, spans).map((piece, index) =>
        piece.reason === null ? (
          piece.text
        ) : (
          <mark key={index} className="chat-nudge__mark" data-reason={piece.reason} data-testid="chat-nudge-mark">
            {piece.text}
            <span className="visually-hidden"> ({isReason(piece.reason) ? t(`shield.reason.${piece.reason}`) : t('shield.reason.other')})</span>
          </mark>
        ),
      )}
    </>
  );
}

export interface ShieldNudgeProps {
  /** null: closed. */
  nudge: { text: string; reasons: string[]; spans: Span[] } | null;
  /** The recipient's name. */
  name: string;
  onEdit: () => void;
  onSendAnyway: () => void;
  /** After it closed (either way): the focus goes back to the message field. */
  onClosed: () => void;
}

export function ShieldNudge({ nudge, name, onEdit, onSendAnyway, onClosed }: ShieldNudgeProps) {
  const { t } = useTranslation('chat');
  const groups = nudge ? groupsOf(nudge.reasons) : [];
  return (
    <Modal
      show={nudge !== null}
      onHide={onEdit}
      onExited={onClosed}
      restoreFocus={false}
      centered
      scrollable
      aria-labelledby="chat-nudge-title"
      aria-describedby="chat-nudge-found"
      className="chat-modal chat-nudge"
      data-testid="chat-nudge"
    >
      {nudge && (
        <>
          <div className="chat-nudge__head">
            <span className="chat-nudge__icon" aria-hidden="true">
              <Icon name="shield" size={22} />
            </span>
            <h2 id="chat-nudge-title" className="chat-nudge__title">
              {t('shield.nudge.title')}
            </h2>
          </div>
          {/* It scrolls on a small screen: reachable by keyboard, named by the title. */}
          <Modal.Body className="chat-nudge__body" tabIndex={0} role="region" aria-labelledby="chat-nudge-title">
            <figure className="chat-nudge__quote">
              <figcaption className="visually-hidden">{t('shield.nudge.yourMessage')}</figcaption>
              <blockquote className="chat-nudge__text" data-testid="chat-nudge-text">
                <MarkedText text={nudge.text} spans={nudge.spans} />
              </blockquote>
            </figure>
            <div id="chat-nudge-found">
              {groups.map((group) => (
                <div key={group} className="chat-nudge__group" data-testid="chat-nudge-group" data-group={group}>
                  <p className="chat-nudge__found">{t(`shield.nudge.${group}.found`)}</p>
                  {group !== 'mass' && (
                    <p className="chat-nudge__what">
                      {t('shield.nudge.what', { list: reasonsIn(group, nudge.reasons).map((reason) => t(`shield.reason.${reason}`)).join(', ') })}
                    </p>
                  )}
                  <p className="chat-nudge__why">{t(`shield.nudge.${group}.why`)}</p>
                </div>
              ))}
              <p className="chat-nudge__then">{t('shield.nudge.then', { name })}</p>
            </div>
          </Modal.Body>
          <div className="chat-nudge__actions">
            <button ref={focusOnAppear} type="button" className="btn btn-primary rounded-pill" onClick={onEdit} data-testid="chat-nudge-edit">
              <Icon name="edit" size={18} className="me-2" />
              {t('shield.nudge.edit')}
            </button>
            <button type="button" className="btn btn-outline-dark rounded-pill" onClick={onSendAnyway} data-testid="chat-nudge-send">
              {t('shield.nudge.sendAnyway')}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}

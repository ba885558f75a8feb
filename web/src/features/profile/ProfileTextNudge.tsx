/**
 * The scam shield's nudge on a profile text (issue 31.2), as the chat nudges a message: a
 * name or about text it flagged was not saved. The member is told what was found, by
 * group, with the found parts marked in their text, and what happens if they save it
 * anyway; then they edit it (the text stays in its field) or save it as it is. The profile
 * editor and the signup wizard (the name) show it.
 */
import './profile.scss';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { type FlaggedProfileText, type ShieldSpan, isShieldReason, reasonsInGroup, shieldGroups, textPieces } from '../../shared/shield';
import { focusOnAppear } from '../../shared/ui/focusOnAppear';
import { Icon } from '../../shared/ui/icons';

/** The text with the found parts marked; each mark names its reason for screen readers. */
export function MarkedProfileText({ text, spans }: { text: string; spans: readonly ShieldSpan[] }) {
  const { t } = useTranslation('profile');
  return (
    <>
      {textPieces(text, spans).map((piece, index) =>
        piece.reason === null ? (
          piece.text
        ) : (
          <mark key={index} className="profile-nudge__mark" data-reason={piece.reason} data-testid="profile-nudge-mark">
            {piece.text}
            <span className="visually-hidden"> ({isShieldReason(piece.reason) ? t(`shield.reason.${piece.reason}`) : t('shield.reason.other')})</span>
          </mark>
        ),
      )}
    </>
  );
}

export interface ProfileTextNudgeProps {
  /** The flagged texts (the one the server named first); null: closed. */
  texts: FlaggedProfileText[] | null;
  /** Signup: "Sign up anyway" and what then happens to a new profile. */
  signup?: boolean;
  onEdit: () => void;
  onSaveAnyway: () => void;
  /** After it closed (either way): the focus goes back to the text's field. */
  onClosed?: () => void;
}

export function ProfileTextNudge({ texts, signup = false, onEdit, onSaveAnyway, onClosed }: ProfileTextNudgeProps) {
  const { t } = useTranslation('profile');
  return (
    <Modal
      show={texts !== null}
      onHide={onEdit}
      onExited={onClosed}
      restoreFocus={false}
      centered
      scrollable
      aria-labelledby="profile-nudge-title"
      aria-describedby="profile-nudge-found"
      className="profile-nudge"
      data-testid="profile-nudge"
    >
      {texts && (
        <>
          <div className="profile-nudge__head">
            <span className="profile-nudge__icon" aria-hidden="true">
              <Icon name="shield" size={22} />
            </span>
            <h2 id="profile-nudge-title" className="profile-nudge__title">
              {t('shield.nudge.title')}
            </h2>
          </div>
          {/* The explanation scrolls between the title and the answers: a region the keyboard reaches. */}
          <Modal.Body className="profile-nudge__body" tabIndex={0} role="region" aria-labelledby="profile-nudge-title">
            <div id="profile-nudge-found">
              {texts.map((text) => (
                <div key={text.field} className="profile-nudge__text-block" data-testid="profile-nudge-field" data-field={text.field}>
                  <figure className="profile-nudge__quote">
                    <figcaption className="profile-nudge__caption">{t(`shield.nudge.yours.${text.field}`)}</figcaption>
                    <blockquote className="profile-nudge__text" data-testid="profile-nudge-text">
                      <MarkedProfileText text={text.text} spans={text.spans} />
                    </blockquote>
                  </figure>
                  {shieldGroups(text.reasons).map((group) => (
                    <div key={group} className="profile-nudge__group" data-testid="profile-nudge-group" data-group={group}>
                      <p className="profile-nudge__found">{t(`shield.nudge.${text.field}.${group}`)}</p>
                      <p className="profile-nudge__what">
                        {t('shield.nudge.what', { list: reasonsInGroup(group, text.reasons).map((reason) => t(`shield.reason.${reason}`)).join(', ') })}
                      </p>
                      <p className="profile-nudge__why">{t(`shield.nudge.why.${group}`)}</p>
                    </div>
                  ))}
                </div>
              ))}
              <p className="profile-nudge__then">{t(signup ? 'shield.nudge.thenSignup' : 'shield.nudge.then')}</p>
            </div>
          </Modal.Body>
          <div className="profile-nudge__actions">
            <button ref={focusOnAppear} type="button" className="btn btn-primary rounded-pill" onClick={onEdit} data-testid="profile-nudge-edit">
              <Icon name="edit" size={18} className="me-2" />
              {t(`shield.nudge.edit.${texts[0].field}`)}
            </button>
            <button type="button" className="btn btn-outline-dark rounded-pill" onClick={onSaveAnyway} data-testid="profile-nudge-save">
              {t(signup ? 'shield.nudge.signupAnyway' : 'shield.nudge.saveAnyway')}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}

/** In the editor, under a text saved anyway: visitors see a warning, and why. */
export function FlaggedTextNote({ field, reasons }: { field: 'name' | 'about'; reasons: readonly string[] }) {
  const { t } = useTranslation('profile');
  const known = reasons.filter(isShieldReason);
  if (known.length === 0) return null;
  return (
    <p className="profile-flagged" data-testid={`profile-flagged-${field}`}>
      <Icon name="shield" size={16} />
      <span>{t(`shield.flagged.${field}`, { list: known.map((reason) => t(`shield.reason.${reason}`)).join(', ') })}</span>
    </p>
  );
}

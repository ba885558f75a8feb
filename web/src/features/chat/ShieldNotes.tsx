/**
 * The scam shield on a message in the conversation (issue 31.2). The recipient of a
 * flagged message, sent despite the nudge, sees why to be careful with a one-tap report
 * and the way to the safety page; its sender sees that it carries that warning, or, while
 * the shield holds them, that it waits for review.
 */
import './chat.scss';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, LoginRequired } from '../../shared/api/errors';
import { focusOnAppear } from '../../shared/ui/focusOnAppear';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon } from '../../shared/ui/icons';
import { useSettings } from '../../shared/site';
import { chatApi } from './chatApi';
import { groupsOf } from './shield';

type ReportState = 'idle' | 'busy' | 'done' | 'already' | 'failed';

/** Reports the message with one tap; says whether that worked. */
function ReportButton({ messageId }: { messageId: number }) {
  const { t } = useTranslation('chat');
  const [state, setState] = useState<ReportState>('idle');
  const report = () => {
    setState('busy');
    chatApi.report(messageId).then(
      () => setState('done'),
      (error: unknown) => {
        if (error instanceof LoginRequired) setState('idle');
        // Reported before (409 already_reported): that report stands.
        else setState(error instanceof ApiError && error.status === 409 ? 'already' : 'failed');
      },
    );
  };
  if (state === 'done' || state === 'already') {
    return (
      // The button is gone: the focus goes to what it did, not to the page.
      <p ref={focusOnAppear} tabIndex={-1} className="chat-shield__reported" role="status" data-testid="chat-shield-reported" data-state={state}>
        <Icon name="check" size={14} />
        {t(state === 'done' ? 'shield.warning.reported' : 'shield.warning.reportedBefore')}
      </p>
    );
  }
  return (
    <>
      <button type="button" className="btn btn-sm btn-danger rounded-pill chat-shield__report" onClick={report} disabled={state === 'busy'} data-testid="chat-shield-report">
        {state === 'busy' ? <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" /> : <Icon name="warning" size={14} className="me-1" />}
        {t('shield.warning.report')}
      </button>
      {state === 'failed' && (
        <p className="chat-shield__failed" role="alert" data-testid="chat-shield-report-failed">
          {t('shield.warning.reportFailed')}
        </p>
      )}
    </>
  );
}

/** Under a received flagged message: what it asks for, why that is a warning sign, Report and the safety page. */
export function ShieldWarning({ messageId, flags }: { messageId: number; flags: readonly string[] }) {
  const { t } = useTranslation('chat');
  const site = useSettings((s) => s.settings?.name ?? 'Amora');
  const groups = groupsOf(flags);
  if (groups.length === 0) return null;
  return (
    <div className="chat-shield" role="note" aria-label={t('shield.warning.label')} data-testid="chat-shield-warning" data-groups={groups.join(' ')}>
      <span className="chat-shield__icon" aria-hidden="true">
        <Icon name="shield" size={18} />
      </span>
      <div className="chat-shield__body">
        {groups.map((group) => (
          <p key={group} className="chat-shield__text" data-group={group}>
            <strong>{t(`shield.warning.${group}.title`, { site })}</strong> {t(`shield.warning.${group}.text`, { site })}
          </p>
        ))}
        <div className="chat-shield__actions">
          <ReportButton messageId={messageId} />
          <AppLink to="safety" className="chat-shield__link" data-testid="chat-shield-safety">
            {t('shield.warning.safety')}
          </AppLink>
        </div>
      </div>
    </div>
  );
}

/** Under my own message: held for review (with the way to the decision), or sent with the warning. */
export function ShieldSenderNote({ flags, held, name }: { flags: readonly string[]; held: boolean; name: string }) {
  const { t } = useTranslation('chat');
  if (held) {
    return (
      <p className="chat-bubble__shield chat-bubble__shield--held" data-testid="chat-message-held">
        <Icon name="clock" size={14} />
        <span>{t('shield.held')}</span>
        <AppLink to="decisions" className="chat-bubble__why" data-testid="chat-message-held-why">
          {t('shield.heldWhy')}
        </AppLink>
      </p>
    );
  }
  if (groupsOf(flags).length === 0) return null;
  return (
    <p className="chat-bubble__shield" data-testid="chat-message-flagged">
      <Icon name="shield" size={14} />
      <span>{t('shield.sentWithWarning', { name })}</span>
    </p>
  );
}

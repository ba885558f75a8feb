import './chat.scss';
import { isSameDay, isToday, isYesterday } from 'date-fns';
import { Fragment, type ReactNode, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLongDate, formatTime } from '../../shared/i18n/dates';
import { translateError } from '../../shared/i18n/translateError';
import { giftObject, giftPicture } from '../../shared/gifts/gifts';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon } from '../../shared/ui/icons';
import { ShieldSenderNote, ShieldWarning } from './ShieldNotes';
import type { ShownMessage } from './conversationState';

/** Within this distance of an edge the list counts as scrolled there. */
const EDGE_PX = 120;

function DayLabel({ date }: { date: Date }) {
  const { t } = useTranslation('chat');
  const label = isToday(date) ? t('conversation.today') : isYesterday(date) ? t('conversation.yesterday') : formatLongDate(date);
  return (
    // A list item like the messages (a separator role would take it out of the list: axe "list").
    <li className="chat-day">
      <span>{label}</span>
    </li>
  );
}

/**
 * A message the moderators removed (issue 30.4): its text is gone for both members. The
 * sender is told why in a decision, so their copy leads there.
 */
function RemovedContent({ mine }: { mine: boolean }) {
  const { t } = useTranslation('chat');
  return (
    <p className="chat-bubble__text chat-bubble__removed" data-testid="chat-message-removed">
      <Icon name="shield" size={14} />
      <span>{t('conversation.removed')}</span>
      {mine && (
        <AppLink to="decisions" className="chat-bubble__why" data-testid="chat-message-removed-why">
          {t('conversation.removedWhy')}
        </AppLink>
      )}
    </p>
  );
}

/** A gift in the conversation: its picture and who sent what, instead of a text. */
function GiftContent({ gift, mine, name }: { gift: string; mine: boolean; name: string }) {
  const { t } = useTranslation('gifts');
  const what = giftObject(t, gift);
  return (
    <figure className="chat-gift" data-testid="chat-gift">
      <img className="chat-gift__picture" src={giftPicture(gift)} alt="" width={72} height={72} />
      <figcaption className="chat-gift__text">{mine ? t('message.mine', { gift: what }) : t('message.theirs', { name, gift: what })}</figcaption>
    </figure>
  );
}

/** When it was sent (or that it is on its way), and for theirs the way to report it. */
function BubbleMeta({ message, mine, removed }: { message: ShownMessage; mine: boolean; removed: boolean }) {
  const { t } = useTranslation('chat');
  return (
    <span className="chat-bubble__meta">
      {/* The exact message to the report form (issue 30.4), with its conversation for evidence. */}
      {!mine && !removed && message.status === 'sent' && (
        <AppLink
          to="complaints"
          suffix={`?member=${message.sender_id}&message=${message.id}&conversation=${message.conversation_id}`}
          className="chat-bubble__report"
          aria-label={t('conversation.reportMessage')}
          title={t('conversation.reportMessage')}
          data-testid="chat-report-message"
        >
          <Icon name="warning" size={12} />
        </AppLink>
      )}
      {message.status === 'pending' ? (
        <span className="chat-bubble__state">
          <Icon name="clock" size={12} />
          <span className="visually-hidden">{t('conversation.sending')}</span>
        </span>
      ) : (
        <time dateTime={message.created_at}>{formatTime(message.created_at)}</time>
      )}
    </span>
  );
}

/** A message the server did not take: why, and sending it again. */
function FailedNote({ message, onRetry }: { message: ShownMessage; onRetry: (message: ShownMessage) => void }) {
  const { t } = useTranslation('chat');
  const tc = useTranslation('common').t;
  return (
    <p className="chat-bubble__failed" role="alert" data-testid="chat-message-failed">
      <Icon name="warning" size={14} />
      {t('conversation.failed')} {message.error ? translateError(tc, message.error) : null}
      <button type="button" className="btn btn-link p-0 align-baseline" onClick={() => onRetry(message)} data-testid="chat-retry">
        {t('conversation.retrySend')}
      </button>
    </p>
  );
}

/** "Seen" under my last read message, and a free member's offer of read receipts. */
function SeenNotes({ seen, receiptsLocked, onDismissOffer }: { seen: boolean; receiptsLocked: boolean; onDismissOffer?: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <>
      {seen && (
        <p className="chat-bubble__seen" data-testid="chat-seen">
          <Icon name="check" size={14} />
          {t('conversation.seen')}
        </p>
      )}
      {receiptsLocked && (
        <p className="chat-bubble__seen chat-bubble__seen--locked" data-testid="chat-seen-offer">
          <AppLink to="premium" data-testid="chat-seen-premium">
            <Icon name="lock" size={12} />
            {t('conversation.seenPremium')}
          </AppLink>
          {onDismissOffer && (
            <button type="button" className="btn-close chat-bubble__dismiss" onClick={onDismissOffer} aria-label={t('conversation.seenPremiumDismiss')} title={t('conversation.seenPremiumDismiss')} data-testid="chat-seen-dismiss" />
          )}
        </p>
      )}
    </>
  );
}

function Bubble({ message, mine, name, first, last, seen, receiptsLocked, onDismissOffer, onRetry }: {
  message: ShownMessage;
  mine: boolean;
  /** The other member's name (a gift says who sent it). */
  name: string;
  /** First and last of a run by the same sender: rounder corners, a little space. */
  first: boolean;
  last: boolean;
  seen: boolean;
  /** A free member's last message, in the one conversation that carries the offer: read receipts are premium, say so here. */
  receiptsLocked: boolean;
  onDismissOffer?: () => void;
  onRetry: (message: ShownMessage) => void;
}) {
  const gift = message.gift ?? null;
  const removed = message.removed === true;
  // What the scam shield found in it (issue 31.2), and whether it waits for review.
  const flags = removed ? [] : (message.flags ?? []);
  const held = !removed && message.held === true;
  const classes = [
    'chat-bubble',
    mine ? 'chat-bubble--mine' : 'chat-bubble--theirs',
    gift && 'chat-bubble--gift',
    removed && 'chat-bubble--removed',
    held && 'chat-bubble--held',
    !mine && flags.length > 0 && message.status === 'sent' && 'chat-bubble--warned',
    first && 'is-first',
    last && 'is-last',
    `is-${message.status}`,
  ];
  return (
    <li className={classes.filter(Boolean).join(' ')} data-testid="chat-message" data-status={message.status} data-mine={mine} data-gift={gift ?? undefined} data-held={held || undefined} data-flags={flags.join(' ') || undefined}>
      <div className="chat-bubble__body">
        {removed ? (
          <RemovedContent mine={mine} />
        ) : gift ? (
          <GiftContent gift={gift} mine={mine} name={name} />
        ) : (
          <p className="chat-bubble__text">{message.text}</p>
        )}
        <BubbleMeta message={message} mine={mine} removed={removed} />
      </div>
      {message.status === 'sent' && !mine && flags.length > 0 && <ShieldWarning messageId={message.id} flags={flags} />}
      {message.status === 'sent' && mine && (held || flags.length > 0) && <ShieldSenderNote flags={flags} held={held} name={name} />}
      {message.status === 'failed' && <FailedNote message={message} onRetry={onRetry} />}
      {!held && <SeenNotes seen={seen} receiptsLocked={receiptsLocked} onDismissOffer={onDismissOffer} />}
    </li>
  );
}

export interface MessageListProps {
  messages: ShownMessage[];
  me: number | null;
  seenUpTo: number | null;
  /** Premium members see "seen". */
  readReceipts: boolean;
  /** A free member's pointer to premium, under their last message: only where the offer belongs (receiptsOffer.ts). */
  receiptsOffer?: { show: boolean; dismiss: () => void };
  /** The member hides their own read receipts (quiet mode): they see no one's, and no offer. */
  receiptsOff?: boolean;
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (message: ShownMessage) => void;
  /** Shown under the messages (the typing notice, the icebreakers). */
  footer?: ReactNode;
  /** The other member's name, for "Anna sent you a rose". */
  otherName: string;
  label: string;
}

/**
 * The messages, oldest on top, with a line for each new day. Scrolled to the bottom
 * at the start and on news, unless the member is reading further up; scrolling to
 * the top loads older messages without moving what is on screen.
 */
export function MessageList({ messages, me, seenUpTo, readReceipts, receiptsOffer, receiptsOff = false, hasMore, loadingOlder, onLoadOlder, onRetry, footer, otherName, label }: MessageListProps) {
  const { t } = useTranslation('chat');
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const before = useRef<{ first: string | null; height: number }>({ first: null, height: 0 });

  const firstKey = messages[0]?.key ?? null;
  const lastMessage = messages[messages.length - 1];
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const previous = before.current;
    const prepended = previous.first !== null && firstKey !== previous.first && messages.some((m) => m.key === previous.first);
    if (prepended) {
      // Older messages came in above: keep the ones on screen where they were.
      element.scrollTop += element.scrollHeight - previous.height;
    } else if (atBottom.current || (lastMessage && lastMessage.sender_id === me && lastMessage.status === 'pending')) {
      element.scrollTop = element.scrollHeight;
    }
    before.current = { first: firstKey, height: element.scrollHeight };
    // Not enough to scroll yet: fetch more right away.
    if (hasMore && !loadingOlder && element.scrollHeight <= element.clientHeight) onLoadOlder();
  }, [messages, firstKey, lastMessage, me, hasMore, loadingOlder, onLoadOlder, footer]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < EDGE_PX;
    if (element.scrollTop < EDGE_PX && hasMore && !loadingOlder) onLoadOlder();
  };

  const lastMine = lastMessage && lastMessage.sender_id === me && lastMessage.status === 'sent' ? lastMessage : null;
  return (
    <div className="chat-scroller" ref={scroller} onScroll={onScroll} data-testid="chat-scroller">
      <div className="chat-thread">
        {loadingOlder && (
          <div className="chat-thread__older" aria-busy="true" data-testid="chat-loading-older">
            <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
            <span className="visually-hidden">{t('conversation.loadingOlder')}</span>
          </div>
        )}
        <ol className="chat-messages" aria-label={label} aria-live="polite" aria-relevant="additions">
          {messages.map((message, index) => {
            const previous = messages[index - 1];
            const next = messages[index + 1];
            const date = new Date(message.created_at);
            const newDay = !previous || !isSameDay(new Date(previous.created_at), date);
            const first = newDay || previous?.sender_id !== message.sender_id;
            const last = !next || next.sender_id !== message.sender_id || !isSameDay(new Date(next.created_at), date);
            return (
              <Fragment key={message.key}>
                {newDay && <DayLabel date={date} />}
                <Bubble
                  message={message}
                  mine={message.sender_id === me}
                  name={otherName}
                  first={first}
                  last={last}
                  seen={!receiptsOff && readReceipts && message === lastMine && seenUpTo !== null && message.id <= seenUpTo}
                  receiptsLocked={Boolean(receiptsOffer?.show) && !receiptsOff && !readReceipts && message === lastMine && message.status === 'sent'}
                  onDismissOffer={receiptsOffer?.dismiss}
                  onRetry={onRetry}
                />
              </Fragment>
            );
          })}
        </ol>
        {footer}
      </div>
    </div>
  );
}

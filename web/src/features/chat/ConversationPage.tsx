import './chat.scss';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatch, useNavigate, useParams } from 'react-router';
import { PATHS, pathTo } from '../../shared/routing/paths';
import { translateError } from '../../shared/i18n/translateError';
import { DEFAULT_LANGUAGE, toLanguage } from '../../shared/i18n/languages';
import { FormAlert } from '../../shared/ui/alerts';
import { useBusy } from '../../shared/ui/form';
import { blockMember, FictionalLabel, FictionalNotice } from '../../shared/members';
import { LoginRequired } from '../../shared/api/errors';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon, type IconName } from '../../shared/ui/icons';
import { useSession } from '../../shared/session';
import { resendActivation } from '../../shared/activation';
import { useSettings } from '../../shared/site';
import { usePageTitle } from '../../shared/title';
import { type ChatProfile, type SendTerms, chatApi } from './chatApi';
import { deleteChat, reloadChats } from './chatList';
import { BuyCreditsLink, ChatAvatar, ConfirmDeleteModal } from './chatUi';
import { Composer, type ComposerHandle, TermsHint } from './Composer';
import { MessageList } from './MessageList';
import { ShieldNudge } from './ShieldNudge';
import { ComposerGiftSlot } from './slots';
import { useReceiptsOffer } from './receiptsOffer';
import type { Conversation } from './conversationState';
import { type Target, idOf, useConversation } from './useConversation';

const REFUSAL_ICONS: Record<string, IconName> = {
  not_enough_credits: 'coins',
  free_conversations_used: 'star',
  daily_conversations_used: 'clock',
  email_not_confirmed: 'mail',
  member_not_found: 'shield',
};

/** Why no message can go out now, and what to do about it; in place of the message field. */
function RefusalCard({ code, profile, terms }: { code: string; profile: ChatProfile; terms: SendTerms }) {
  const { t } = useTranslation('chat');
  const tc = useTranslation('common').t;
  const user = useSession((s) => s.user);
  const [resent, setResent] = useState<{ ok: boolean; text: string } | null>(null);
  const known = code in REFUSAL_ICONS;
  // The server says how many conversations a free member may start (null for premium).
  const values = { name: profile.name, cost: terms.cost, balance: user?.credits ?? 0, max: terms.free_conversations ?? 0, email: user?.email ?? '' };
  const resend = () => resendActivation((ok, text) => setResent({ ok, text }), tc, values.email);
  return (
    <section className={`chat-refusal chat-refusal--${known ? code : 'other'}`} data-testid="chat-refusal" data-code={code}>
      <span className="chat-refusal__icon" aria-hidden="true">
        <Icon name={REFUSAL_ICONS[code] ?? 'info'} size={22} />
      </span>
      <div className="chat-refusal__body">
        <h2 className="chat-refusal__title">{known ? t(`refusal.${code}.title`, values) : translateError(tc, null)}</h2>
        {known && <p className="chat-refusal__text">{t(`refusal.${code}.text`, values)}</p>}
        {resent && <p className={`chat-refusal__result text-${resent.ok ? 'success' : 'danger'}`} role="status">{resent.text}</p>}
        <div className="chat-refusal__actions">
          {(code === 'not_enough_credits' || code === 'free_conversations_used') && (
            <BuyCreditsLink className="btn btn-primary rounded-pill px-4">
              <Icon name="coins" size={18} className="me-2" />
              {t('refusal.buyCredits')}
            </BuyCreditsLink>
          )}
          {code === 'free_conversations_used' && (
            <AppLink to="premium" className="btn btn-outline-primary rounded-pill px-4">
              {t('refusal.premium')}
            </AppLink>
          )}
          {code === 'email_not_confirmed' && !resent?.ok && (
            <button type="button" className="btn btn-outline-primary rounded-pill px-4" onClick={() => void resend()} data-testid="chat-resend-activation">
              {tc('activation.resend')}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

/**
 * An empty conversation: "Say hi to Anna!" and opening lines (the server leaves out any
 * that proposes meeting when Anna is a fictional profile). A line goes into the field;
 * without lines the card's button takes the member to the field, so it never just sits there.
 */
function Icebreakers({ name, memberId, onPick, onWrite }: { name: string; memberId: number; onPick: (line: string) => void; onWrite: () => void }) {
  const { t, i18n } = useTranslation('chat');
  const language = toLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  const [answer, setAnswer] = useState<{ asked: string; lines: string[] } | null>(null);
  const asked = `${memberId}/${language}`;
  useEffect(() => {
    let live = true;
    chatApi.icebreakers(memberId, language).then(
      (found) => live && setAnswer({ asked, lines: found }),
      () => live && setAnswer({ asked, lines: [] }),
    );
    return () => {
      live = false;
    };
  }, [memberId, language, asked]);
  const lines = answer?.asked === asked ? answer.lines : null;
  return (
    <div className="chat-start" data-testid="chat-start">
      <h2 className="chat-start__title">{t('conversation.start', { name })}</h2>
      {lines !== null && lines.length > 0 && (
        <>
          <p className="chat-start__text">{t('conversation.startText')}</p>
          <ul className="chat-icebreakers" aria-label={t('conversation.icebreakers')}>
            {lines.map((line) => {
              const filled = line.replaceAll('{name}', name);
              return (
                <li key={line}>
                  <button type="button" className="chat-icebreakers__chip" onClick={() => onPick(filled)} data-testid="chat-icebreaker">
                    {filled}
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {lines !== null && lines.length === 0 && (
        <button type="button" className="btn btn-outline-primary rounded-pill px-4" onClick={onWrite} data-testid="chat-start-write">
          <Icon name="edit" size={16} className="me-2" />
          {t('conversation.startWrite', { name })}
        </button>
      )}
    </div>
  );
}

function BlockModal({ profile, show, onHide }: { profile: ChatProfile; show: boolean; onHide: () => void }) {
  const { t } = useTranslation('discovery');
  const tc = useTranslation('common').t;
  const navigate = useNavigate();
  const { busy, run } = useBusy();
  const [error, setError] = useState<string | null>(null);
  const block = () =>
    void run(async () => {
      setError(null);
      try {
        await blockMember(profile.id);
        void reloadChats();
        await navigate(pathTo('chats'));
      } catch (failure) {
        if (!(failure instanceof LoginRequired)) setError(translateError(tc, failure));
      }
    });
  return (
    <Modal show={show} onHide={() => !busy && onHide()} centered aria-labelledby="chat-block-title" className="chat-modal">
      <Modal.Body className="p-4 p-sm-5 text-center">
        <div className="chat-modal__icon" aria-hidden="true">
          <Icon name="shield" size={28} />
        </div>
        <h2 id="chat-block-title" className="h4 mb-3">
          {t('profile.blockTitle', { name: profile.name })}
        </h2>
        <p className="text-body-secondary">{t('profile.blockText', { name: profile.name })}</p>
        {error && <FormAlert testId="chat-block-error">{error}</FormAlert>}
        <div className="d-grid gap-2 mt-4">
          <button type="button" className="btn btn-danger rounded-pill" onClick={block} disabled={busy} data-testid="chat-block-confirm">
            {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {t('profile.blockConfirm')}
          </button>
          <button type="button" className="btn btn-link text-body-secondary" onClick={onHide} disabled={busy}>
            {t('profile.cancel')}
          </button>
        </div>
      </Modal.Body>
    </Modal>
  );
}

function ChatHeader({ profile, conversationId, typing }: { profile: ChatProfile | null; conversationId: number | null; typing: boolean }) {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const [modal, setModal] = useState<'delete' | 'block' | null>(null);
  const remove = () => {
    setModal(null);
    if (conversationId === null) return;
    // Gone from the list at once; a failure shows there (see deleteChat).
    void deleteChat(conversationId);
    void navigate(pathTo('chats'));
  };
  return (
    <header className="chat-header">
      <AppLink to="chats" className="chat-header__back" aria-label={t('conversation.back')} title={t('conversation.back')} data-testid="chat-back">
        <Icon name="arrowLeft" size={22} />
      </AppLink>
      {profile && (
        <>
          <AppLink to="members-id" params={{ id: profile.id }} className="chat-header__who" data-testid="chat-profile-link">
            <ChatAvatar profile={profile} className="chat-header__avatar" />
            <span className="chat-header__text">
              <span className="chat-header__name" data-testid="chat-name">
                {profile.name}
                <span className="chat-header__age">, {profile.age}</span>
              </span>
              {/* Always in words under the name, not only a small mark (issue 29.5). */}
              {profile.is_fictional && <FictionalLabel className="chat-header__fictional" />}
              {typing && <span className="chat-header__status">{t('conversation.typing', { name: profile.name })}</span>}
            </span>
          </AppLink>
          <Dropdown align="end" className="chat-header__menu">
            <Dropdown.Toggle variant="link" className="chat-header__menu-toggle" aria-label={t('conversation.menu')} title={t('conversation.menu')} data-testid="chat-menu">
              <Icon name="more" size={22} />
            </Dropdown.Toggle>
            <Dropdown.Menu className="shadow-lg">
              <Dropdown.Item as={AppLink} to="members-id" params={{ id: profile.id }}>
                <Icon name="user" size={18} className="me-2" />
                {t('conversation.viewProfile')}
              </Dropdown.Item>
              {conversationId !== null && (
                <Dropdown.Item as="button" onClick={() => setModal('delete')} data-testid="chat-menu-delete">
                  <Icon name="trash" size={18} className="me-2" />
                  {t('conversation.delete')}
                </Dropdown.Item>
              )}
              <Dropdown.Divider />
              <Dropdown.Item
                as={AppLink}
                to="complaints"
                // From a conversation, the report can take its messages along (issue 21.4).
                suffix={`?member=${profile.id}${conversationId !== null ? `&conversation=${conversationId}` : ''}`}
                data-testid="chat-menu-report"
              >
                <Icon name="warning" size={18} className="me-2" />
                {t('conversation.report', { name: profile.name })}
              </Dropdown.Item>
              <Dropdown.Item as="button" className="text-danger" onClick={() => setModal('block')} data-testid="chat-menu-block">
                <Icon name="shield" size={18} className="me-2" />
                {t('conversation.block', { name: profile.name })}
              </Dropdown.Item>
            </Dropdown.Menu>
          </Dropdown>
          <ConfirmDeleteModal name={profile.name} show={modal === 'delete'} onConfirm={remove} onCancel={() => setModal(null)} />
          <BlockModal profile={profile} show={modal === 'block'} onHide={() => setModal(null)} />
        </>
      )}
    </header>
  );
}

function Notice({ icon, title, text, children }: { icon: IconName; title: string; text?: string; children?: ReactNode }) {
  return (
    <div className="chat-notice" data-testid="chat-notice">
      <span className="chat-notice__icon" aria-hidden="true">
        <Icon name={icon} size={28} />
      </span>
      <h1 className="chat-notice__title">{title}</h1>
      {text && <p className="chat-notice__text">{text}</p>}
      {children}
    </div>
  );
}

/** /chats/:id and /members/:id/chat: one conversation, full screen like a messenger. */
type ConversationHook = ReturnType<typeof useConversation>;

/** The conversation while it is not shown: loading, gone, for members only, or failed. */
function NotReady({ state, onRetry }: { state: Exclude<ConversationHook['state'], { status: 'ready' }>; onRetry: () => void }) {
  const { t } = useTranslation('chat');
  const tc = useTranslation('common').t;
  if (state.status === 'loading') {
    return (
      <div className="chat-screen__loading" aria-busy="true" data-testid="chat-loading">
        <span className="spinner-border text-primary" aria-hidden="true" />
        <span className="visually-hidden">{t('conversation.loading')}</span>
      </div>
    );
  }
  if (state.status === 'unavailable') {
    return (
      <Notice icon="eyeOff" title={t('conversation.unavailableTitle')} text={t('conversation.unavailableText')}>
        <AppLink to="chats" className="btn btn-primary rounded-pill px-4">
          {t('conversation.backToChats')}
        </AppLink>
      </Notice>
    );
  }
  if (state.status === 'login') {
    return (
      <Notice icon="lock" title={t('loginRequired')}>
        <AppLink to="login" className="btn btn-primary rounded-pill px-4">
          {tc('nav.login')}
        </AppLink>
      </Notice>
    );
  }
  return (
    <Notice icon="warning" title={t('conversation.error')} text={translateError(tc, state.error)}>
      <button type="button" className="btn btn-primary rounded-pill px-4" onClick={onRetry}>
        {t('conversation.retry')}
      </button>
    </Notice>
  );
}

/** The other member is typing: the header says it in words; here the dots, and the words for screen readers. */
function TypingDots({ name }: { name: string }) {
  const { t } = useTranslation('chat');
  return (
    <p className="chat-typing" data-testid="chat-typing" aria-live="polite">
      <span className="chat-typing__dots" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      <span className="visually-hidden">{t('conversation.typing', { name })}</span>
    </p>
  );
}

/** Under the messages: the fictional notice, the message field (or why there is none) and the shield's nudge. */
function ChatFooter({ conversation, composer }: { conversation: ConversationHook; composer: RefObject<ComposerHandle | null> }) {
  const { state, send, typed, addGift, nudge, dismissNudge, confirmNudge } = conversation;
  const balance = useSession((s) => s.user?.credits ?? 0);
  const maxLength = useSettings((s) => s.settings?.message_length ?? 1000);
  if (state.status !== 'ready') return null;
  const { profile, refusal, terms } = state;
  return (
    <footer className="chat-footer">
      {/* Above the field, where each message is paid for: whom this conversation is with (issue 29.5). */}
      {profile.is_fictional && <FictionalNotice className="chat-fictional" testId="chat-fictional-notice" />}
      {refusal ? (
        <RefusalCard code={refusal} profile={profile} terms={terms} />
      ) : (
        <Composer
          ref={composer}
          name={profile.name}
          maxLength={maxLength}
          onSend={(text) => void send(text)}
          onTyping={typed}
          actions={<ComposerGiftSlot member={profile} onSent={addGift} />}
          hint={<TermsHint terms={terms} balance={balance} newConversation={state.conversationId === null} />}
        />
      )}
      <ShieldNudge nudge={nudge} name={profile.name} onEdit={dismissNudge} onSendAnyway={() => {
          composer.current?.clear();
          confirmNudge();
        }} onClosed={() => composer.current?.focus()} />
    </footer>
  );
}

export function ConversationPage() {
  const { t } = useTranslation('chat');
  const { id } = useParams();
  const location = useLocation();
  const byConversation = useMatch(PATHS['chats-id']) !== null;
  const target: Target = { kind: byConversation ? 'conversation' : 'member', id: idOf(id) };
  const seed = (location.state as { seed?: Conversation } | null)?.seed ?? null;
  const conversation = useConversation(target, seed);
  const { state, me, typing, send, nudge, loadOlder, retryLoad } = conversation;
  const paidUser = useSession((s) => s.user?.paid_user ?? false);
  // Quiet mode (issue 21.2): who hides their read receipts sees no one's.
  const receiptsOff = useSession((s) => s.user?.share_read_receipts === false);
  const composer = useRef<ComposerHandle>(null);
  // A flagged message was not sent: its text goes back into the field while the nudge asks.
  useEffect(() => {
    if (nudge) composer.current?.restore(nudge.sent);
  }, [nudge]);
  const ready = state.status === 'ready' ? state : null;
  usePageTitle(ready?.profile.name ?? t('list.title'));
  // The read-receipt offer: only while a free member waits for a reply, and in one conversation only.
  const lastMessage = ready?.messages[ready.messages.length - 1];
  // Not for a message held by the shield (issue 31.2): it has not reached anyone to read it.
  const waiting = !paidUser && !receiptsOff && lastMessage !== undefined && lastMessage.sender_id === me && lastMessage.status === 'sent' && lastMessage.held !== true;
  const receiptsOffer = useReceiptsOffer(me, ready?.conversationId ?? null, waiting);

  let body: ReactNode;
  if (state.status !== 'ready') {
    body = <NotReady state={state} onRetry={retryLoad} />;
  } else {
    const { profile, messages, refusal } = state;
    const empty = messages.length === 0;
    const footer = (
      <>
        {empty && !refusal && (
          <Icebreakers name={profile.name} memberId={profile.id} onPick={(line) => composer.current?.fill(line)} onWrite={() => composer.current?.focus()} />
        )}
        {typing && <TypingDots name={profile.name} />}
      </>
    );
    body = (
      <>
        <MessageList
          messages={messages}
          me={me}
          seenUpTo={state.seenUpTo}
          readReceipts={paidUser}
          receiptsOffer={receiptsOffer}
          receiptsOff={receiptsOff}
          hasMore={state.hasMore}
          loadingOlder={state.loadingOlder}
          onLoadOlder={loadOlder}
          onRetry={(message) => void send(message.text, message.key)}
          footer={footer}
          otherName={profile.name}
          label={t('conversation.messages', { name: profile.name })}
        />
        <ChatFooter conversation={conversation} composer={composer} />
      </>
    );
  }

  return (
    <div className="chat-screen" data-testid="conversation" data-status={state.status} data-conversation-id={ready?.conversationId ?? ''}>
      <ChatHeader profile={ready?.profile ?? null} conversationId={ready?.conversationId ?? null} typing={typing} />
      <div className="chat-screen__body">{body}</div>
    </div>
  );
}

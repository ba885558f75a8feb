import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { renderInRouter, setupTestI18n } from '../../test/render';
import { MessageList } from './MessageList';
import type { ShownMessage } from './conversationState';

const message = (id: number, sender: number, extra: Partial<ShownMessage> = {}): ShownMessage => ({
  id,
  key: String(id),
  conversation_id: 12,
  sender_id: sender,
  text: `Message ${id}`,
  created_at: '2026-11-30T20:15:00Z',
  gift: null,
  status: 'sent',
  ...extra,
});

beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces(['chat', 'gifts']);
});

describe('a message in the chat (issue 30.4)', () => {
  it('can be reported when the other member sent it, with its conversation for evidence', () => {
    const messages = [message(1, 9), message(2, 7), message(3, 9, { removed: true, text: '' }), message(4, 9, { status: 'pending' })];
    renderInRouter(
      <MessageList messages={messages} me={7} seenUpTo={null} readReceipts={false} hasMore={false} loadingOlder={false} onLoadOlder={() => undefined} onRetry={() => undefined} otherName="Rick" label="Messages" />,
    );
    const bubbles = screen.getAllByTestId('chat-message');
    const report = within(bubbles[0]!).getByTestId('chat-report-message');
    expect(report).toHaveAttribute('href', '/complaints?member=9&message=1&conversation=12');
    expect(report).toHaveAccessibleName('Report this message');
    // Not one's own, not one the moderators removed, not one still on its way.
    expect(bubbles.slice(1).map((bubble) => within(bubble).queryByTestId('chat-report-message'))).toEqual([null, null, null]);
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage, Conversation } from '../../../../shared/schemas/chat.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import { ConversationView } from './conversation-view.tsx';

const conversation: Conversation = { id: 3, name: 'Bob', otherUserId: 2, isOnline: false, lastMessage: null, updatedAt: '2026-11-24T10:00:00.000Z', unreadCount: 0 };

describe('the message composer', () => {
  it('says why a message that hides characters is not sent, and does not send it', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 }));
    renderScreen(<ConversationView conversation={conversation} />, {
      data: [[queryKeys.chat.messages(3), { pages: [{ messages: [], nextBefore: null }], pageParams: [null] }]],
    });
    await userEvent.type(screen.getByLabelText('Message'), 'Pay \u202Eeno');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message not sent', { selector: '[data-sonner-toast] *' })).toBeVisible();
    expect(screen.getByText('Message contains invisible or control characters', { selector: '[data-sonner-toast] *' })).toBeVisible();
    expect(fetch).not.toHaveBeenCalledWith('/api/conversations/3/messages', expect.objectContaining({ method: 'POST' }));
    expect(screen.getByLabelText('Message')).toHaveValue('Pay \u202Eeno');
  });
});

describe('links in a conversation', () => {
  it('opens http and https addresses apart, with rel="noopener noreferrer", and leaves any other scheme as text', () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 }));
    const message = (id: number, text: string): ChatMessage => ({
      id,
      conversationId: 3,
      senderId: 2,
      senderUsername: 'Bob',
      text,
      createdAt: '2026-11-24T10:00:00.000Z',
    });
    renderScreen(<ConversationView conversation={conversation} />, {
      data: [
        [
          queryKeys.chat.messages(3),
          {
            pages: [{ messages: [message(2, 'Odds at https://example.com/odds?bet=7 and http://old.example.org'), message(1, 'Not this: javascript:alert(1) or data:text/html,hi')], nextBefore: null }],
            pageParams: [null],
          },
        ],
      ],
    });
    const linked = screen.getByText(/^Odds at/).closest('p') ?? screen.getByText(/^Odds at/);
    const links = within(linked).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('rel'), a.getAttribute('target')])).toEqual([
      ['https://example.com/odds?bet=7', 'https://example.com/odds?bet=7', 'noopener noreferrer', '_blank'],
      ['http://old.example.org', 'http://old.example.org/', 'noopener noreferrer', '_blank'],
    ]);
    expect(screen.getByText('Not this: javascript:alert(1) or data:text/html,hi')).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage, Conversation } from '../../../../shared/schemas/chat.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { ScreenNavContext, useScreenNav } from '../../../lib/screen-nav.tsx';
import { renderScreen } from '../../../test/render-screen.tsx';
import { ConversationScreen, MessagesPage } from './messages-page.tsx';

const conversation = (id: number, name: string): Conversation => ({
  id,
  name,
  otherUserId: id + 10,
  isOnline: false,
  lastMessage: null,
  updatedAt: '2026-11-24T10:00:00.000Z',
  unreadCount: 0,
});

/** The chat endpoints as the server answers them; returns the texts sent. */
function chatServer() {
  const sent: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    if (/^\/api\/conversations\/\d+\/messages/.test(path) && init?.method === 'POST') {
      const text = (JSON.parse(String(init.body)) as { text: string }).text;
      sent.push(text);
      const message: ChatMessage = { id: sent.length, conversationId: 3, senderId: 1, senderUsername: 'Alice', text, createdAt: new Date().toISOString() };
      return Response.json(message, { status: 201 });
    }
    if (/^\/api\/conversations\/\d+\/messages/.test(path)) return Response.json({ messages: [], nextBefore: null });
    if (/^\/api\/conversations\/\d+\/read$/.test(path)) return Response.json({ ok: true });
    if (path === '/api/conversations') return Response.json([conversation(3, 'Bob'), conversation(4, 'Cleo')]);
    return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
  });
  return sent;
}

describe('messages', { timeout: 20_000 }, () => {
  it('on choosing a chat puts the focus in its message box, and keeps it there after sending', async () => {
    const sent = chatServer();
    renderScreen(<MessagesPage />, { data: [[queryKeys.chat.conversations, [conversation(3, 'Bob'), conversation(4, 'Cleo')]]] });
    expect(screen.getByText('Choose a conversation to read it.')).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('list', { name: 'Conversations' })).getByRole('button', { name: /^B/ }));
    const box = await screen.findByRole('textbox', { name: 'Message' });
    expect(screen.getByRole('region', { name: 'Conversation with Bob' })).toContainElement(box);
    expect(box).toHaveFocus();

    await userEvent.type(box, 'Hello Bob');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(box).toHaveFocus();
    expect(sent).toEqual(['Hello Bob']);
    expect(await screen.findByText('Hello Bob')).toBeInTheDocument();
  });

  it('says when there is no conversation yet, with a way to start one', () => {
    chatServer();
    renderScreen(<MessagesPage />, { data: [[queryKeys.chat.conversations, []]] });
    expect(screen.getByText('No conversations yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start New Chat' })).toBeInTheDocument();
  });
});

/** The narrow frame showing the conversation view of chat 3. */
function OnConversationView() {
  const nav = useScreenNav();
  return (
    <ScreenNavContext.Provider value={{ ...nav, view: { name: 'conversation', id: 3 } }}>
      <ConversationScreen />
    </ScreenNavContext.Provider>
  );
}

describe('a conversation in the narrow frame', { timeout: 20_000 }, () => {
  it('shows the chat its view names, with its messages, and goes back to the list', async () => {
    chatServer();
    const hello: ChatMessage = { id: 1, conversationId: 3, senderId: 11, senderUsername: 'Bob', text: 'See you at the match', createdAt: '2026-11-24T10:00:00.000Z' };
    const { visits } = renderScreen(<OnConversationView />, {
      narrow: true,
      data: [
        [queryKeys.chat.conversations, [conversation(3, 'Bob'), conversation(4, 'Cleo')]],
        [queryKeys.chat.messages(3), { pages: [{ messages: [hello], nextBefore: null }], pageParams: [null] }],
      ],
    });
    const chat = screen.getByRole('region', { name: 'Conversation with Bob' });
    expect(within(chat).getByText('See you at the match')).toBeInTheDocument();
    expect(screen.queryByText('Cleo')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Back to messages' }));
    expect(visits).toEqual([{ name: 'messages' }]);
  });

  it('says so when the chat is not among the conversations', async () => {
    chatServer();
    renderScreen(<OnConversationView />, { narrow: true, data: [[queryKeys.chat.conversations, [conversation(4, 'Cleo')]]] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Conversation not found');
  });
});

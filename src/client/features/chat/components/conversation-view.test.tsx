import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Conversation } from '../../../../shared/schemas/chat.ts';
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

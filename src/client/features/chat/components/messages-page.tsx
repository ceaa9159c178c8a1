import { MessageCirclePlus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, EmptyState } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { showDate } from '../../../lib/format.ts';
import { useFriends } from '../../friends/api.ts';
import { useConversations, useStartConversation } from '../api.ts';
import { ConversationView } from './conversation-view.tsx';

export function StartChatDialog({ open, onOpenChange, onStarted }: { open: boolean; onOpenChange: (o: boolean) => void; onStarted: (id: number) => void }) {
  const { data: friends = [], isPending } = useFriends();
  const start = useStartConversation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Start New Chat" description="Chats are between friends.">
      {isPending ? (
        <p className="flex items-center gap-2" role="status">
          <Spinner /> Loading friends...
        </p>
      ) : friends.length === 0 ? (
        <p className="text-slate-600">Add a friend first: you can chat with friends only.</p>
      ) : (
        <ul className="space-y-1">
          {friends.map((f) => (
            <li key={f.id}>
              <button
                type="button"
                className="w-full rounded-lg px-3 py-2 text-left font-semibold hover:bg-slate-100 dark:hover:bg-slate-800"
                onClick={() =>
                  start.mutate(f.id, {
                    onSuccess: (c) => {
                      onStarted(c.id);
                      onOpenChange(false);
                    },
                    onError: (e) => toast.error('Could not start the chat', { description: errorMessage(e, 'Please try again.') }),
                  })
                }
              >
                Chat with {f.username}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

/** Messages: the conversation list and the open conversation (spec §2, made real). */
export function MessagesPage() {
  const { data: conversations = [], isPending } = useConversations();
  const [params, setParams] = useSearchParams();
  const [starting, setStarting] = useState(false);
  const selectedId = Number(params.get('c')) || null;
  const selected = conversations.find((c) => c.id === selectedId) ?? null;
  const select = (id: number) => setParams({ c: String(id) });

  return (
    <div className="space-y-6">
      <div className="flex items-center justify-between">
        <h1 className="text-3xl font-bold">Messages</h1>
        <Button onClick={() => setStarting(true)}>
          <MessageCirclePlus aria-hidden className="h-4 w-4" /> Start New Chat
        </Button>
      </div>
      {isPending ? (
        <p className="flex items-center gap-2" role="status">
          <Spinner /> Loading conversations...
        </p>
      ) : conversations.length === 0 ? (
        <EmptyState title="No conversations yet">
          <Button onClick={() => setStarting(true)}>Start New Chat</Button>
        </EmptyState>
      ) : (
        <div className="grid gap-6 lg:grid-cols-3">
          <Card className="p-2">
            <ul aria-label="Conversations">
              {conversations.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    onClick={() => select(c.id)}
                    aria-current={c.id === selectedId}
                    className={`flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left ${c.id === selectedId ? 'bg-brand-50 dark:bg-brand-900/40' : 'hover:bg-slate-50 dark:hover:bg-slate-800'}`}
                  >
                    <span aria-hidden className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-700">
                      {(c.name || 'Unknown User').charAt(0).toUpperCase()}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="flex items-center justify-between gap-2">
                        <span className="truncate font-semibold">{c.name || 'Unknown User'}</span>
                        <span className="text-xs text-slate-600 dark:text-slate-300">{showDate(c.updatedAt)}</span>
                      </span>
                      <span className="block truncate text-sm text-slate-600 dark:text-slate-300">{c.lastMessage ?? 'No messages yet...'}</span>
                    </span>
                    {c.unreadCount > 0 && (
                      <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-bold text-white" aria-label={`${c.unreadCount} unread`}>
                        {c.unreadCount}
                      </span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          </Card>
          <Card className="lg:col-span-2">
            {selected ? (
              <ConversationView key={selected.id} conversation={selected} />
            ) : (
              <p className="py-16 text-center text-slate-500">Choose a conversation to read it.</p>
            )}
          </Card>
        </div>
      )}
      <StartChatDialog open={starting} onOpenChange={setStarting} onStarted={select} />
    </div>
  );
}

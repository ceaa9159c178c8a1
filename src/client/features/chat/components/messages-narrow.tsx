import { MessageCirclePlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, EmptyState } from '../../../components/ui/card.tsx';
import { showDate } from '../../../lib/format.ts';
import { useConversations } from '../api.ts';
import { ConversationView as ConversationThread } from './conversation-view.tsx';
import { StartChatDialog } from './messages-page.tsx';
import { BackButton } from '../../../components/ui/back-button.tsx';
import { ErrorText, Loading } from '../../../components/ui/blocks.tsx';
import { useScreenNav } from '../../../app/screen-nav.tsx';

/** Spec §2 mobile Messages: conversations with name, last message, date and unread count. */
export function MessagesView() {
  const { data: conversations = [], isPending, isError } = useConversations();
  const { navigate } = useScreenNav();
  const [starting, setStarting] = useState(false);
  const open = (id: number) => navigate({ name: 'conversation', id });

  return (
    <div className="space-y-4">
      {isPending ? (
        <Loading message="Loading conversations..." />
      ) : isError ? (
        <ErrorText>Failed to load conversations</ErrorText>
      ) : conversations.length === 0 ? (
        <EmptyState title="No conversations yet">
          <Button onClick={() => setStarting(true)}>Start New Chat</Button>
        </EmptyState>
      ) : (
        <>
          <Button className="w-full" onClick={() => setStarting(true)}>
            <MessageCirclePlus aria-hidden className="h-5 w-5" /> Start New Chat
          </Button>
          <ul aria-label="Conversations" className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
            {conversations.map((c) => {
              const name = c.name || 'Unknown User';
              return (
                <li key={c.id}>
                  <button type="button" onClick={() => open(c.id)} className="flex w-full items-center gap-3 px-3 py-3 text-left">
                    <span aria-hidden className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-700">
                      {name.charAt(0).toUpperCase()}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="flex items-center justify-between gap-2">
                        <span className="truncate font-semibold">{name}</span>
                        <span className="shrink-0 text-xs text-slate-600 dark:text-slate-300">{showDate(c.updatedAt)}</span>
                      </span>
                      <span className="block truncate text-sm text-slate-700 dark:text-slate-300">{c.lastMessage ?? 'No messages yet...'}</span>
                    </span>
                    {c.unreadCount > 0 && (
                      <span className="shrink-0 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-bold text-white">
                        {c.unreadCount}
                        <span className="sr-only"> unread</span>
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <StartChatDialog open={starting} onOpenChange={setStarting} onStarted={open} />
    </div>
  );
}

/** One conversation, full screen: the desktop thread (history, live arrivals, read marks, composer). */
export function ConversationView() {
  const { view: { id }, backTo } = useScreenNav();
  const { data: conversations = [], isPending, isFetching } = useConversations();
  const conversation = conversations.find((c) => c.id === id) ?? null;
  return (
    <div className="space-y-3">
      <BackButton label="Back to messages" onClick={() => backTo({ name: 'messages' })} />
      {/* A chat started a moment ago may still be on its way into the list. */}
      {isPending || (!conversation && isFetching) ? (
        <Loading message="Loading conversation..." />
      ) : !conversation ? (
        <ErrorText>Conversation not found</ErrorText>
      ) : (
        <Card className="p-3">
          <ConversationThread key={conversation.id} conversation={{ ...conversation, name: conversation.name || 'Unknown User' }} />
        </Card>
      )}
    </div>
  );
}

import { MessageCirclePlus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, EmptyState } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ScreenTitle, useScreenNav } from '../../../lib/screen-nav.tsx';
import { BackButton } from '../../../components/ui/back-button.tsx';
import { ErrorText, Loading } from '../../../components/ui/blocks.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { showDateTime } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';
import { useFriends } from '../../../lib/friends-list.ts';
import { useConversations, useStartConversation } from '../api.ts';
import type { Conversation } from '../../../../shared/schemas/chat.ts';
import { ConversationView } from './conversation-view.tsx';

export function StartChatDialog({ open, onOpenChange, onStarted }: { open: boolean; onOpenChange: (o: boolean) => void; onStarted: (id: number) => void }) {
  const { data: friends = [], isPending } = useFriends();
  const start = useStartConversation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('chat.start.title')} description={t('chat.start.description')}>
      {isPending ? (
        <Loading message={t('chat.start.loadingFriends')} />
      ) : friends.length === 0 ? (
        <p className="text-slate-600">{t('chat.start.noFriends')}</p>
      ) : (
        <ul className="space-y-1">
          {friends.map((f) => (
            <li key={f.id}>
              <button
                type="button"
                className="w-full rounded-lg px-3 py-2 text-start font-semibold hover:bg-slate-100 dark:hover:bg-slate-800"
                onClick={() =>
                  start.mutate(f.id, {
                    onSuccess: (c) => {
                      onStarted(c.id);
                      onOpenChange(false);
                    },
                    onError: (e) => toast.error(t('chat.start.error'), { description: errorMessage(e, t('chat.common.tryAgain')) }),
                  })
                }
              >
                {t('chat.start.chatWith', { name: f.username })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

/** The conversations with name, last message, date and unread count (docs/product.md §13.6). */
function ConversationList({ conversations, selectedId, onOpen }: { conversations: Conversation[]; selectedId: number | null; onOpen: (id: number) => void }) {
  return (
    <ul aria-label={t('chat.list.label')} className="divide-y divide-slate-100 dark:divide-slate-800">
      {conversations.map((c) => {
        const name = c.name || t('chat.common.unknownUser');
        return (
          <li key={c.id}>
            <button
              type="button"
              onClick={() => onOpen(c.id)}
              aria-current={c.id === selectedId}
              className={`flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-start ${c.id === selectedId ? 'bg-brand-50 dark:bg-brand-900/40' : 'hover:bg-slate-50 dark:hover:bg-slate-800'}`}
            >
              <span aria-hidden className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-700">
                {name.charAt(0).toUpperCase()}
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate font-semibold">{name}</span>
                  <span className="shrink-0 text-xs text-slate-600 dark:text-slate-300">{showDateTime(c.updatedAt)}</span>
                </span>
                <span className="block truncate text-sm text-slate-700 dark:text-slate-300">{c.lastMessage ?? t('chat.list.noMessages')}</span>
              </span>
              {c.unreadCount > 0 && (
                <span className="shrink-0 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-bold text-white">
                  {c.unreadCount}
                  <span className="sr-only"> {t('chat.list.unread', { count: c.unreadCount })}</span>
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Messages: the conversations, and on the desktop the open one beside them (`?c=id`); the narrow
 * frame opens a conversation as a view of its own.
 */
export function MessagesPage() {
  const { narrow, navigate } = useScreenNav();
  const { data: conversations = [], isPending, isError } = useConversations();
  const [params, setParams] = useSearchParams();
  const [starting, setStarting] = useState(false);
  const selectedId = narrow ? null : Number(params.get('c')) || null;
  const selected = conversations.find((c) => c.id === selectedId) ?? null;
  const open = (id: number) => (narrow ? navigate({ name: 'conversation', id }) : setParams({ c: String(id) }));

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ScreenTitle>{t('chat.page.title')}</ScreenTitle>
        {conversations.length > 0 && (
          <Button className="w-full md:w-auto" onClick={() => setStarting(true)}>
            <MessageCirclePlus aria-hidden className="h-4 w-4" /> {t('chat.page.startButton')}
          </Button>
        )}
      </div>
      {isPending ? (
        <Loading message={t('chat.page.loading')} />
      ) : isError ? (
        <ErrorText>{t('chat.page.loadError')}</ErrorText>
      ) : conversations.length === 0 ? (
        <EmptyState title={t('chat.page.empty')}>
          <Button onClick={() => setStarting(true)}>{t('chat.page.startButton')}</Button>
        </EmptyState>
      ) : (
        <div className="grid gap-6 lg:grid-cols-3">
          <Card className="p-2">
            <ConversationList conversations={conversations} selectedId={selectedId} onOpen={open} />
          </Card>
          {!narrow && (
            <Card className="lg:col-span-2">
              {selected ? (
                <ConversationView key={selected.id} conversation={selected} />
              ) : (
                <p className="py-16 text-center text-slate-600 dark:text-slate-300">{t('chat.page.choose')}</p>
              )}
            </Card>
          )}
        </div>
      )}
      <StartChatDialog open={starting} onOpenChange={setStarting} onStarted={open} />
    </div>
  );
}

/** One conversation as a view of the narrow frame: the same thread (history, live arrivals, read marks, composer). */
export function ConversationScreen() {
  const {
    view: { id },
    backTo,
  } = useScreenNav();
  const { data: conversations = [], isPending, isFetching } = useConversations();
  const conversation = conversations.find((c) => c.id === id) ?? null;
  return (
    <div className="space-y-3">
      <BackButton label={t('chat.screen.back')} onClick={() => backTo({ name: 'messages' })} />
      {/* A chat started a moment ago may still be on its way into the list. */}
      {isPending || (!conversation && isFetching) ? (
        <Loading message={t('chat.screen.loading')} />
      ) : !conversation ? (
        <ErrorText>{t('chat.screen.notFound')}</ErrorText>
      ) : (
        <Card className="p-3">
          <ConversationView key={conversation.id} conversation={{ ...conversation, name: conversation.name || t('chat.common.unknownUser') }} />
        </Card>
      )}
    </div>
  );
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { messageTextSchema, type Conversation } from '../../../../shared/schemas/chat.ts';
import { OnlineBadge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Loading } from '../../../components/ui/blocks.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { showDateTime } from '../../../lib/format.ts';
import { useCurrentUser } from '../../../lib/use-auth.tsx';
import { useMarkConversationRead, useMessages, useSendMessage } from '../api.ts';

/** One conversation: history (paged), live arrivals, read marks, and the composer. */
export function ConversationView({ conversation }: { conversation: Conversation }) {
  const me = useCurrentUser();
  const { data, isPending, fetchNextPage, hasNextPage, isFetchingNextPage } = useMessages(conversation.id);
  const send = useSendMessage(conversation.id);
  const markRead = useMarkConversationRead();
  const [text, setText] = useState('');
  const list = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLInputElement>(null);
  const messages = [...(data?.pages.flatMap((p) => p.messages) ?? [])].reverse();
  const newestId = messages.at(-1)?.id ?? 0;
  const { mutate: markReadNow } = markRead;

  // Reading the newest message marks the conversation read, and keeps it in view. Only the list
  // scrolls: scrolling the page as well would push the composer out of sight, under the phone's
  // keyboard, just after a message is sent from it.
  useEffect(() => {
    if (newestId === 0) return;
    markReadNow(conversation.id);
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [newestId, conversation.id, markReadNow]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = messageTextSchema.safeParse(text);
    if (!parsed.success) {
      // Send is enabled only once something is typed: what is left to say is the text's own problem.
      toast.error('Message not sent', { description: parsed.error.issues[0]?.message });
      return;
    }
    send.mutate(parsed.data, {
      // Back in the box for the next message (Send, now disabled until something is typed, cannot keep it).
      onSuccess: () => {
        setText('');
        box.current?.focus();
      },
      onError: (error) => toast.error('Message not sent', { description: errorMessage(error, 'Something went wrong. Please try again.') }),
    });
  }

  return (
    <section aria-label={`Conversation with ${conversation.name}`} className="flex h-[32rem] flex-col">
      <header className="flex items-center gap-3 border-b border-slate-200 pb-3 dark:border-slate-800">
        <h2 className="text-lg font-bold">{conversation.name}</h2>
        <OnlineBadge online={conversation.isOnline} />
      </header>
      <div ref={list} className="flex-1 space-y-2 overflow-y-auto py-3" aria-live="polite" data-testid="message-list">
        {hasNextPage && (
          <Button variant="ghost" size="sm" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? 'Loading...' : 'Load older messages'}
          </Button>
        )}
        {isPending ? (
          <Loading message="Loading messages..." />
        ) : messages.length === 0 ? (
          <p className="text-sm text-slate-500">No messages yet. Say hello!</p>
        ) : (
          messages.map((m) => {
            const mine = m.senderId === me.id;
            return (
              <div key={m.id} className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
                <div className={`max-w-[75%] rounded-2xl px-3.5 py-2 ${mine ? 'bg-brand-600 text-white' : 'bg-slate-100 dark:bg-slate-800'}`}>
                  <p className="text-sm whitespace-pre-wrap">{m.text}</p>
                  <p className={`mt-0.5 text-xs ${mine ? 'text-brand-100' : 'text-slate-600 dark:text-slate-300'}`}>{showDateTime(m.createdAt)}</p>
                </div>
              </div>
            );
          })
        )}
      </div>
      <form onSubmit={submit} className="flex gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
        {/* Choosing a chat is choosing to write in it: the message box takes the focus as it opens. */}
        <Input ref={box} autoFocus aria-label="Message" placeholder={`Message ${conversation.name}...`} value={text} maxLength={2000} onChange={(e) => setText(e.target.value)} />
        <Button type="submit" disabled={!text.trim() || send.isPending}>
          Send
        </Button>
      </form>
    </section>
  );
}

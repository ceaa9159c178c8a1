import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { messageTextSchema } from '../../shared/schemas/chat.ts';
import { errorMessage } from '../lib/api.ts';
import { showDateTime } from '../lib/format.ts';
import { t } from '../lib/i18n.ts';
import { toast } from '../lib/toast.ts';
import { useCurrentUser } from '../lib/use-auth.tsx';
import { Loading } from './ui/blocks.tsx';
import { Button } from './ui/button.tsx';
import { Input } from './ui/input.tsx';
import { LinkedText } from './linked-text.tsx';

export interface ThreadMessage {
  id: number;
  senderId: number;
  text: string;
  createdAt: string;
  /** Said above the messages of others where several people talk (a crew's chat). */
  senderName?: string;
}

/** How a thread sends: the text, and what to do once the server has answered. */
export type SendText = (text: string, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;

/**
 * A chat: the messages oldest first with the newest in view, older ones on demand, and the box to
 * write in. A direct conversation and a crew's chat both show one.
 */
export function MessageThread({
  label,
  header,
  messages,
  isPending,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  send,
  sending,
  placeholder,
  autoFocus = false,
  className = 'h-[32rem]',
}: {
  label: string;
  header: ReactNode;
  /** Oldest first. */
  messages: ThreadMessage[];
  isPending: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  send: SendText;
  sending: boolean;
  placeholder: string;
  autoFocus?: boolean;
  className?: string;
}) {
  const me = useCurrentUser();
  const [text, setText] = useState('');
  const list = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLInputElement>(null);
  const newestId = messages.at(-1)?.id ?? 0;

  // The newest message stays in view. Only the list scrolls: scrolling the page as well would push
  // the box out of sight, under the phone's keyboard, just after a message is sent from it.
  useEffect(() => {
    if (newestId !== 0 && list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [newestId]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = messageTextSchema.safeParse(text);
    if (!parsed.success) {
      // Send is enabled only once something is typed: what is left to say is the text's own problem.
      toast.error(t('ui.messageThread.notSent'), { description: parsed.error.issues[0]?.message });
      return;
    }
    send(parsed.data, {
      // Back in the box for the next message (Send, now disabled until something is typed, cannot keep it).
      onSuccess: () => {
        setText('');
        box.current?.focus();
      },
      onError: (error) => toast.error(t('ui.messageThread.notSent'), { description: errorMessage(error, t('ui.messageThread.sendFailed')) }),
    });
  }

  return (
    <section aria-label={label} className={`flex flex-col ${className}`}>
      <header className="flex items-center gap-3 border-b border-slate-200 pb-3 dark:border-slate-800">{header}</header>
      <div ref={list} className="flex-1 space-y-2 overflow-y-auto py-3" aria-live="polite" data-testid="message-list">
        {hasOlder && (
          <Button variant="ghost" size="sm" onClick={onLoadOlder} disabled={loadingOlder}>
            {loadingOlder ? t('ui.common.loading') : t('ui.messageThread.loadOlder')}
          </Button>
        )}
        {isPending ? (
          <Loading message={t('ui.messageThread.loading')} />
        ) : messages.length === 0 ? (
          <p className="text-sm text-slate-500">{t('ui.messageThread.empty')}</p>
        ) : (
          messages.map((m) => {
            const mine = m.senderId === me.id;
            return (
              <div key={m.id} className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
                <div className={`max-w-[75%] rounded-2xl px-3.5 py-2 ${mine ? 'bg-brand-600 text-white' : 'bg-slate-100 dark:bg-slate-800'}`}>
                  {m.senderName !== undefined && !mine && <p className="text-xs font-semibold wrap-anywhere text-slate-700 dark:text-slate-200">{m.senderName}</p>}
                  <p className="text-sm whitespace-pre-wrap wrap-anywhere">
                    <LinkedText text={m.text} linkClassName={`underline ${mine ? 'text-white' : 'text-brand-700 dark:text-brand-100'}`} />
                  </p>
                  <p className={`mt-0.5 text-xs ${mine ? 'text-brand-100' : 'text-slate-600 dark:text-slate-300'}`}>{showDateTime(m.createdAt)}</p>
                </div>
              </div>
            );
          })
        )}
      </div>
      <form onSubmit={submit} className="flex gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
        <Input ref={box} autoFocus={autoFocus} aria-label={t('ui.messageThread.boxLabel')} placeholder={placeholder} value={text} maxLength={2000} onChange={(e) => setText(e.target.value)} />
        <Button type="submit" disabled={!text.trim() || sending}>
          {t('ui.messageThread.send')}
        </Button>
      </form>
    </section>
  );
}

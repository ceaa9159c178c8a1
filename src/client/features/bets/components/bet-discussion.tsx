import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { relativeTime } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';
import { useAddComment, useBetComments } from '../api.ts';

/** The bet's discussion thread, open to whoever can see the bet. */
export function BetDiscussion({ betId }: { betId: number }) {
  const { data, isPending } = useBetComments(betId);
  const addComment = useAddComment(betId);
  const [text, setText] = useState('');
  const comments = [...(data?.comments ?? [])].reverse();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    addComment.mutate(text, {
      onSuccess: () => setText(''),
      onError: (error) => toast.error(t('bets.discussion.notPosted'), { description: errorMessage(error, t('bets.common.genericError')) }),
    });
  }

  return (
    <section aria-labelledby="discussion-heading">
      <h2 id="discussion-heading" className="text-lg font-bold">
        {t('bets.discussion.heading')}
      </h2>
      {isPending ? (
        <p className="mt-2 text-sm text-slate-500">{t('bets.discussion.loading')}</p>
      ) : comments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{t('bets.discussion.empty')}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {comments.map((c) => (
            <li key={c.id} className="rounded-xl bg-slate-50 px-3 py-2 dark:bg-slate-800">
              <p className="text-sm">
                <span className="font-semibold">{c.username}</span> <span className="text-xs text-slate-500">{relativeTime(c.createdAt)}</span>
              </p>
              <p className="text-sm whitespace-pre-wrap">{c.text}</p>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="mt-3 flex gap-2">
        <Input aria-label={t('bets.discussion.commentLabel')} placeholder={t('bets.discussion.commentPlaceholder')} value={text} maxLength={2000} onChange={(e) => setText(e.target.value)} />
        <Button type="submit" disabled={!text.trim() || addComment.isPending}>
          {t('bets.discussion.post')}
        </Button>
      </form>
    </section>
  );
}

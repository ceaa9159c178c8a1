import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { relativeTime } from '../../../lib/format.ts';
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
      onError: (error) => toast.error('Comment not posted', { description: errorMessage(error, 'Something went wrong. Please try again.') }),
    });
  }

  return (
    <section aria-labelledby="discussion-heading">
      <h2 id="discussion-heading" className="text-lg font-bold">
        Discussion
      </h2>
      {isPending ? (
        <p className="mt-2 text-sm text-slate-500">Loading comments...</p>
      ) : comments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No comments yet. Start the trash talk.</p>
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
        <Input aria-label="Add a comment" placeholder="Add a comment..." value={text} maxLength={2000} onChange={(e) => setText(e.target.value)} />
        <Button type="submit" disabled={!text.trim() || addComment.isPending}>
          Post
        </Button>
      </form>
    </section>
  );
}

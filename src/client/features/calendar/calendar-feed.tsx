import { CalendarPlus, Copy, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { focusWhenShown } from '../../components/focus.ts';
import { ErrorText, Loading, Section } from '../../components/ui/blocks.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { errorMessage } from '../../lib/api.ts';
import { showDateTime } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { useCalendarStatus, useCreateCalendarFeed, useDeleteCalendarFeed } from './api.ts';

const LINK_ID = 'calendar-feed-link';

/** The feed's address as calendar apps take it to subscribe: webcal:// opens the phone's calendar. */
const subscribeAddress = (url: string) => url.replace(/^https?:/, 'webcal:');

/**
 * Settings' calendar (docs/product.md §6.9): a private address of the player's deadlines (bets they
 * made or staked on, jury duties) to subscribe to in any calendar app. The server keeps only a
 * hash, so the address is shown once, when made; a new one retires the old.
 */
export function CalendarFeed() {
  const status = useCalendarStatus();
  const create = useCreateCalendarFeed();
  const stop = useDeleteCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);

  const makeLink = () =>
    create.mutate(undefined, {
      onSuccess: (feed) => {
        setUrl(feed.url);
        focusWhenShown(LINK_ID);
      },
      onError: (error) => toast.error('Could not make a calendar link', { description: errorMessage(error, 'Please try again.') }),
    });
  const stopFeed = () =>
    stop.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        toast.success('Calendar feed stopped');
      },
      onError: (error) => toast.error('Could not stop the calendar feed', { description: errorMessage(error, 'Please try again.') }),
    });
  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success('Calendar link copied');
    } catch {
      toast.error('Could not copy: select the link and copy it yourself');
    }
  };
  const since = status.data?.createdAt ?? null;

  return (
    <Section title="Calendar">
      <Card className="space-y-3 p-4">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          See when your bets close and when your jury votes are due in your own calendar app. The link is private: anyone who has it sees these
          deadlines.
        </p>
        {status.isPending ? (
          <Loading message="Loading your calendar feed..." />
        ) : status.isError ? (
          <ErrorText>Failed to load your calendar feed</ErrorText>
        ) : (
          <>
            {url ? (
              <div className="space-y-2">
                <div className="flex gap-2">
                  <Input id={LINK_ID} readOnly aria-label="Calendar link" value={url} onFocus={(e) => e.currentTarget.select()} />
                  <Button variant="secondary" onClick={() => void copy(url)}>
                    <Copy aria-hidden className="h-4 w-4" /> Copy <span className="sr-only">calendar link</span>
                  </Button>
                </div>
                <p className="text-xs text-slate-600 dark:text-slate-300">
                  Shown this once: add it to your calendar app now (subscribe by URL), or{' '}
                  <a href={subscribeAddress(url)} className="font-semibold text-brand-700 underline dark:text-brand-100">
                    open it in your calendar app
                  </a>
                  .
                </p>
              </div>
            ) : (
              since && <p className="text-sm">You have a calendar link, made {showDateTime(since)}.</p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={makeLink} disabled={create.isPending}>
                <CalendarPlus aria-hidden className="h-4 w-4" /> {since ? 'Make a new calendar link' : 'Make a calendar link'}
              </Button>
              {since && (
                <Button size="sm" variant="ghost" onClick={stopFeed} disabled={stop.isPending}>
                  <Trash2 aria-hidden className="h-4 w-4" /> Stop the calendar feed
                </Button>
              )}
            </div>
            {since && <p className="text-xs text-slate-600 dark:text-slate-300">A new link stops the old one: calendars that use it get nothing more.</p>}
          </>
        )}
      </Card>
    </Section>
  );
}

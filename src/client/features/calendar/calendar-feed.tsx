import { CalendarPlus, Copy, Trash2 } from 'lucide-react';
import { ShortLabel } from '../../components/ui/short-label.tsx';
import { useState } from 'react';
import { focusWhenShown } from '../../components/focus.ts';
import { ErrorText, Loading, Section } from '../../components/ui/blocks.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { errorMessage } from '../../lib/api.ts';
import { showDateTime } from '../../lib/format.ts';
import { t, tNodes } from '../../lib/i18n.ts';
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
      onError: (error) => toast.error(t('calendar.feed.makeFailed'), { description: errorMessage(error, t('calendar.feed.tryAgain')) }),
    });
  const stopFeed = () =>
    stop.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        toast.success(t('calendar.feed.stoppedToast'));
      },
      onError: (error) => toast.error(t('calendar.feed.stopFailed'), { description: errorMessage(error, t('calendar.feed.tryAgain')) }),
    });
  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('calendar.feed.copiedToast'));
    } catch {
      toast.error(t('calendar.feed.copyFailed'));
    }
  };
  const since = status.data?.createdAt ?? null;

  return (
    <Section title={t('calendar.feed.title')}>
      <Card className="space-y-3 p-4">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t('calendar.feed.about')}
        </p>
        {status.isPending ? (
          <Loading message={t('calendar.feed.loading')} />
        ) : status.isError ? (
          <ErrorText>{t('calendar.feed.loadFailed')}</ErrorText>
        ) : (
          <>
            {url ? (
              <div className="space-y-2">
                <div className="flex gap-2">
                  <Input id={LINK_ID} readOnly aria-label={t('calendar.feed.linkLabel')} value={url} onFocus={(e) => e.currentTarget.select()} />
                  <Button variant="secondary" onClick={() => void copy(url)} >
                    <Copy aria-hidden className="h-4 w-4" /> <ShortLabel shown={t('calendar.feed.copy')} full={t('calendar.feed.copyLabel')} />
                  </Button>
                </div>
                <p className="text-xs text-slate-600 dark:text-slate-300">
                  {tNodes('calendar.feed.shownOnce', {
                    link: (
                      <a href={subscribeAddress(url)} className="font-semibold text-brand-700 underline dark:text-brand-100">
                        {t('calendar.feed.openInApp')}
                      </a>
                    ),
                  })}
                </p>
              </div>
            ) : (
              since && <p className="text-sm">{t('calendar.feed.haveLink', { made: showDateTime(since) })}</p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={makeLink} disabled={create.isPending}>
                <CalendarPlus aria-hidden className="h-4 w-4" /> {since ? t('calendar.feed.makeNew') : t('calendar.feed.make')}
              </Button>
              {since && (
                <Button size="sm" variant="ghost" onClick={stopFeed} disabled={stop.isPending}>
                  <Trash2 aria-hidden className="h-4 w-4" /> {t('calendar.feed.stop')}
                </Button>
              )}
            </div>
            {since && <p className="text-xs text-slate-600 dark:text-slate-300">{t('calendar.feed.newStopsOld')}</p>}
          </>
        )}
      </Card>
    </Section>
  );
}

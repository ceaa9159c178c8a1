import { CalendarClock } from 'lucide-react';
import type { BetEvent } from '../../../../shared/schemas/statistics.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, EmptyState } from '../../../components/ui/card.tsx';
import { ErrorText, Loading } from '../../../components/ui/blocks.tsx';
import { ScreenLink, ScreenTitle } from '../../../lib/screen-nav.tsx';
import { showAmount, showDay, showTime } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';
import { useEvents } from '../api.ts';

const dayLabel = showDay;

/** Events: bets expiring in the next 14 days and bets waiting for your resolution, by day. */
export function EventsPage() {
  const { data, isPending, isError } = useEvents();
  const days = new Map<string, BetEvent[]>();
  for (const event of data?.events ?? []) {
    const day = dayLabel(event.at);
    days.set(day, [...(days.get(day) ?? []), event]);
  }
  return (
    <div className="space-y-6">
      <ScreenTitle>{t('statistics.events.title')}</ScreenTitle>
      {isPending ? (
        <Loading message={t('statistics.events.loading')} />
      ) : isError ? (
        <ErrorText>{t('statistics.events.loadFailed')}</ErrorText>
      ) : days.size === 0 ? (
        <EmptyState icon={<CalendarClock className="h-10 w-10" />} title={t('statistics.events.empty')} />
      ) : (
        [...days.entries()].map(([day, events]) => (
          <section key={day} aria-label={day}>
            <h2 className="mb-2 text-lg font-bold">{day}</h2>
            <ul className="space-y-2">
              {events.map((e) => (
                <li key={`${e.kind}-${e.bet.id}`}>
                  <Card className="flex flex-wrap items-center gap-3 p-4">
                    <Badge tone={e.kind === 'awaiting_resolution' ? 'warning' : 'brand'}>
                      {e.kind === 'awaiting_resolution' ? t('statistics.events.awaitingResolution') : t('statistics.events.expires')}
                    </Badge>
                    <ScreenLink to={{ name: 'bet', id: e.bet.id }} className="min-h-11 min-w-0 flex-1 font-semibold break-words hover:underline">
                      {e.bet.title}
                    </ScreenLink>
                    <span className="text-sm text-slate-600 dark:text-slate-300">
                      {t('statistics.events.timeAndPot', { time: showTime(e.at), pot: showAmount(e.bet.totalPot) })}
                    </span>
                  </Card>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}

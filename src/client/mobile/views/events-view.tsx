import { CalendarClock } from 'lucide-react';
import type { BetEvent } from '../../../shared/schemas/statistics.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { EmptyState } from '../../components/ui/card.tsx';
import { showAmount } from '../../lib/format.ts';
import { useEvents } from '../../features/statistics/api.ts';
import { ErrorText, Loading, Section } from '../components/mobile-ui.tsx';
import { useMobileNavigation } from '../navigation.tsx';

const dayLabel = (iso: string) => new Date(iso).toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' });
const timeLabel = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/** Spec §2 mobile Events, made real: bets about to expire and bets waiting for your resolution. */
export function EventsView() {
  const { data, isPending, isError } = useEvents();
  const { navigate } = useMobileNavigation();
  if (isPending) return <Loading message="Loading events..." />;
  if (isError) return <ErrorText>Failed to load events</ErrorText>;
  const days = new Map<string, BetEvent[]>();
  for (const event of data?.events ?? []) {
    const day = dayLabel(event.at);
    days.set(day, [...(days.get(day) ?? []), event]);
  }
  if (days.size === 0) return <EmptyState icon={<CalendarClock className="h-10 w-10" />} title="No events scheduled" />;
  return (
    <div className="space-y-6">
      {[...days.entries()].map(([day, events]) => (
        <Section key={day} title={day}>
          <ul className="space-y-2">
            {events.map((e) => (
              <li key={`${e.kind}-${e.bet.id}`}>
                <button
                  type="button"
                  onClick={() => navigate({ name: 'bet', id: e.bet.id })}
                  className="w-full space-y-1 rounded-2xl bg-white p-4 text-left shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
                >
                  <Badge tone={e.kind === 'awaiting_resolution' ? 'warning' : 'brand'}>
                    {e.kind === 'awaiting_resolution' ? 'Awaiting your resolution' : 'Expires'}
                  </Badge>
                  <span className="block font-semibold break-words">{e.bet.title}</span>
                  <span className="block text-sm text-slate-700 dark:text-slate-300">
                    {timeLabel(e.at)} · Pot {showAmount(e.bet.totalPot)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </Section>
      ))}
    </div>
  );
}

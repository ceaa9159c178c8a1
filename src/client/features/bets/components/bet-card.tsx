import { Clock, Users } from 'lucide-react';
import { Link } from 'react-router';
import type { Bet } from '../../../../shared/schemas/bets.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { relativeTime, showAmount, showDateTime, participantCount } from '../../../lib/format.ts';
import { BetOptions } from './bet-options.tsx';
import { BetStatusBadge } from './bet-status.tsx';

/** A bet in a list: what it is about, who made it, the pot and the live odds; opens its page. */
export function BetCard({ bet }: { bet: Bet }) {
  return (
    <article className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:ring-brand-300 dark:bg-slate-900 dark:ring-slate-800">
      <div className="flex flex-wrap items-center gap-2">
        <Badge>{bet.category}</Badge>
        <BetStatusBadge bet={bet} />
        <span className="ml-auto text-xs text-slate-500">{relativeTime(bet.createdAt)}</span>
      </div>
      <h3 className="mt-2 text-lg font-bold">
        <Link to={`/bets/${bet.id}`} className="hover:underline">
          {bet.title}
        </Link>
      </h3>
      <p className="mt-1 line-clamp-2 text-sm text-slate-600 dark:text-slate-300">{bet.description}</p>
      <div className="mt-3">
        <BetOptions bet={bet} />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-4 text-sm text-slate-600 dark:text-slate-300">
        <span>by {bet.creator.username}</span>
        <span className="font-semibold text-slate-900 dark:text-white">Pot {showAmount(bet.totalPot)}</span>
        <span className="inline-flex items-center gap-1">
          <Users aria-hidden className="h-4 w-4" /> {participantCount(bet.participants)}
        </span>
        {bet.expiresAt && (
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden className="h-4 w-4" /> {bet.isExpired ? 'Ended' : 'Ends'} {showDateTime(bet.expiresAt)}
          </span>
        )}
        <Link to={`/bets/${bet.id}`} className="ml-auto font-semibold text-brand-700 hover:underline dark:text-brand-100">
          {bet.status === 'active' && !bet.isExpired && !bet.userParticipation && 'Place a bet'}
          {(bet.status !== 'active' || bet.isExpired || bet.userParticipation) && 'View details'}
          <span className="sr-only"> for {bet.title}</span>
        </Link>
      </div>
    </article>
  );
}

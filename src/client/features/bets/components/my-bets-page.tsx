import { useState } from 'react';
import { Link } from 'react-router';
import type { Bet } from '../../../../shared/schemas/bets.ts';
import { Card, EmptyState } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TabPanel, Tabs } from '../../../components/ui/tabs.tsx';
import { showAmount } from '../../../lib/format.ts';
import { useBetList } from '../api.ts';
import { BetOptions } from './bet-options.tsx';
import { BetStatusBadge } from './bet-status.tsx';

type Group = 'active' | 'resolved' | 'expired';
const groupOf = (bet: Bet): Group => (bet.status !== 'active' ? 'resolved' : bet.isExpired ? 'expired' : 'active');

function MyBetCard({ bet }: { bet: Bet }) {
  const mine = bet.userParticipation;
  const won = bet.status === 'resolved' && mine !== null && bet.winningOption === mine.option;
  return (
    <Card>
      <div className="flex items-center gap-2">
        <h3 className="flex-1 text-lg font-bold">
          <Link to={`/bets/${bet.id}`} className="hover:underline">
            {bet.title}
          </Link>
        </h3>
        <BetStatusBadge bet={bet} />
        {bet.status === 'resolved' && mine && (
          <span className={`rounded-md px-2 py-0.5 text-sm font-extrabold ${won ? 'bg-emerald-700 text-white' : 'bg-red-700 text-white'}`}>
            {won ? 'WON' : 'LOST'}
          </span>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{bet.description}</p>
      <p className="mt-2 text-sm">
        {mine ? (
          <>
            Your stake: <span className="font-semibold">{showAmount(mine.amount)}</span> on{' '}
            <span className="font-semibold">{bet.options[mine.option]}</span>
          </>
        ) : (
          'You created this bet.'
        )}
      </p>
      <div className="mt-3">
        <BetOptions bet={bet} />
      </div>
      {bet.status === 'resolved' && (
        <p className="mt-3 text-sm">
          Winning option: <span className="font-semibold">{bet.options[bet.winningOption ?? 0]}</span>
          {mine && mine.payout !== null && (
            <span className={`ml-2 font-bold ${won ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'}`}>
              {won ? `You won ${showAmount(mine.payout)}!` : `You lost ${showAmount(mine.amount)}`}
            </span>
          )}
        </p>
      )}
      {bet.status === 'void' && mine && <p className="mt-3 text-sm">Called off: {showAmount(mine.amount)} refunded.</p>}
    </Card>
  );
}

/** My Bets (spec §2): everything you created or staked on, by state. */
export function MyBetsPage() {
  const { data = [], isPending, isError } = useBetList('mine');
  const [tab, setTab] = useState<Group>('active');
  const groups: Record<Group, Bet[]> = { active: [], resolved: [], expired: [] };
  for (const bet of data) groups[groupOf(bet)].push(bet);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold">My Bets</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          {groups.active.length} active · {groups.resolved.length} resolved · {groups.expired.length} expired
        </p>
      </div>
      {isPending ? (
        <p className="flex items-center gap-2" role="status">
          <Spinner /> Loading your bets...
        </p>
      ) : isError ? (
        <p role="alert" className="text-red-600">
          Failed to fetch user bets
        </p>
      ) : (
        <Tabs
          label="Bet state"
          value={tab}
          onValueChange={(v) => setTab(v as Group)}
          tabs={[
            { value: 'active', label: `Active (${groups.active.length})` },
            { value: 'resolved', label: `Resolved (${groups.resolved.length})` },
            { value: 'expired', label: `Expired (${groups.expired.length})` },
          ]}
        >
          {(['active', 'resolved', 'expired'] as const).map((group) => (
            <TabPanel key={group} value={group}>
              {groups[group].length === 0 ? (
                <EmptyState title="No Bets Found" />
              ) : (
                <div className="grid gap-4 lg:grid-cols-2">
                  {groups[group].map((bet) => (
                    <MyBetCard key={bet.id} bet={bet} />
                  ))}
                </div>
              )}
            </TabPanel>
          ))}
        </Tabs>
      )}
    </div>
  );
}

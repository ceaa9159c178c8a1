import { FileBarChart, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Bet } from '../../../shared/schemas/bets.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, EmptyState } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../lib/api.ts';
import { showAmount } from '../../lib/format.ts';
import { useReports } from '../../features/admin/api.ts';
import { useAdminDeleteBet, useBetList } from '../../features/bets/api.ts';
import { BetStatusBadge } from '../../features/bets/components/bet-status.tsx';
import { EditBetDialog, ResolveBetDialog } from '../../features/dashboard/components/admin-bets-panel.tsx';
import { AdminOnly } from '../components/admin-only.tsx';
import { ErrorText, Loading, RowButton, Section, Tile, TileGrid } from '../components/mobile-ui.tsx';
import { useMobileNavigation } from '../navigation.tsx';

/**
 * The dashboard's admin bet actions (spec §2: Edit, Delete, Resolve for unresolved bets), laid
 * out for a narrow screen; the edit and resolve dialogs are the desktop ones.
 */
function BetManagement({ bets }: { bets: Bet[] }) {
  const [editing, setEditing] = useState<Bet | null>(null);
  const [resolving, setResolving] = useState<Bet | null>(null);
  const [deleting, setDeleting] = useState<Bet | null>(null);
  const remove = useAdminDeleteBet();
  const active = bets.filter((b) => b.status === 'active').length;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {bets.length} total bets · {active} active bets
      </p>
      {bets.length === 0 ? (
        <EmptyState title="No bets found in this category." />
      ) : (
        <ul className="space-y-3">
          {bets.map((bet) => (
            <li key={bet.id}>
              <Card className="space-y-3 p-4" data-testid="admin-bet">
                <div className="flex items-start justify-between gap-3">
                  <h3 className="min-w-0 font-bold break-words">{bet.title}</h3>
                  <BetStatusBadge bet={bet} />
                </div>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  by {bet.creator.username} · Pot {showAmount(bet.totalPot)} · {bet.participants}{' '}
                  {bet.participants === 1 ? 'participant' : 'participants'}
                </p>
                <div className="grid grid-cols-3 gap-2">
                  <Button variant="secondary" onClick={() => setEditing(bet)}>
                    Edit<span className="sr-only"> {bet.title}</span>
                  </Button>
                  <Button variant="danger" onClick={() => setDeleting(bet)}>
                    Delete<span className="sr-only"> {bet.title}</span>
                  </Button>
                  {bet.status === 'active' && (
                    <Button onClick={() => setResolving(bet)}>
                      Resolve<span className="sr-only"> {bet.title}</span>
                    </Button>
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {editing && <EditBetDialog bet={editing} onClose={() => setEditing(null)} />}
      {resolving && <ResolveBetDialog bet={resolving} onClose={() => setResolving(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete bet"
        message="Are you sure you want to delete this bet?"
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('Bet deleted successfully');
              setDeleting(null);
            },
            onError: (e) => toast.error('Failed to delete bet', { description: errorMessage(e, 'Failed to delete bet') }),
          })
        }
      />
    </div>
  );
}

function AdminPanel() {
  const { navigate } = useMobileNavigation();
  const reports = useReports();
  const bets = useBetList('all');
  return (
    <div className="space-y-6">
      <Section title="Platform">
        {reports.isPending ? (
          <Loading message="Loading platform figures..." />
        ) : reports.isError || !reports.data ? (
          <ErrorText>Failed to load analytics</ErrorText>
        ) : (
          <TileGrid label="Platform figures">
            <Tile label="Total Users" value={reports.data.totalUsers} />
            <Tile label="Online Users" value={reports.data.onlineUsers} />
            <Tile label="Total Volume" value={showAmount(reports.data.totalVolume)} />
            <Tile label="Active Bets" value={reports.data.activeBets} />
          </TileGrid>
        )}
        <Card className="p-1">
          <RowButton icon={<UsersRound className="h-5 w-5" />} label="User Management" hint="Add, view, promote and delete users" onClick={() => navigate({ name: 'user-management' })} />
          <RowButton icon={<FileBarChart className="h-5 w-5" />} label="Reports" hint="Analytics and reported content" onClick={() => navigate({ name: 'reports' })} />
        </Card>
      </Section>
      <Section title="Bet Management">
        {bets.isPending ? (
          <Loading message="Loading bets..." />
        ) : bets.isError ? (
          <ErrorText>Failed to fetch bets</ErrorText>
        ) : (
          <BetManagement bets={bets.data} />
        )}
      </Section>
    </div>
  );
}

/** Spec §2 Admin panel on a phone: platform figures, the way to users and reports, every bet. */
export function AdminPanelView() {
  return (
    <AdminOnly>
      <AdminPanel />
    </AdminOnly>
  );
}

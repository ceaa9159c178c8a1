import { UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { createUserBodySchema, type AdminUserRow } from '../../../../shared/schemas/admin.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, selectClass } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { showAmount, showDate } from '../../../lib/format.ts';
import { useCurrentUser } from '../../auth/hooks/use-auth.tsx';
import { useAdjustBalance, useAdminUser, useAdminUsers, useCreateUser, useDeleteUser, useSetRole } from '../api.ts';

function AddUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const [form, setForm] = useState({ username: '', email: '', password: '', role: 'user' as 'user' | 'admin' });
  const [error, setError] = useState<string | null>(null);
  const create = useCreateUser();
  const close = (next: boolean) => {
    if (!next) {
      setForm({ username: '', email: '', password: '', role: 'user' });
      setError(null);
    }
    onOpenChange(next);
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createUserBodySchema.safeParse(form);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Invalid input');
    setError(null);
    create.mutate(form, {
      onSuccess: () => {
        toast.success('User created successfully');
        close(false);
      },
      onError: (e) => toast.error('Failed to create user', { description: errorMessage(e, 'Please try again.') }),
    });
  }
  return (
    <Dialog open={open} onOpenChange={close} title="Add User" description="Creates an account that signs in with this email and password.">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field id="new-username" label="Username">
          <Input id="new-username" value={form.username} onChange={(e) => setForm({ ...form, username: e.target.value })} />
        </Field>
        <Field id="new-email" label="Email">
          <Input id="new-email" type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
        </Field>
        <Field id="new-password" label="Password" hint="At least 8 characters.">
          <Input id="new-password" type="password" autoComplete="new-password" value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} />
        </Field>
        <Field id="new-role" label="Role" error={error ?? undefined}>
          <select id="new-role" className={selectClass} value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value as 'user' | 'admin' })}>
            <option value="user">User</option>
            <option value="admin">Admin</option>
          </select>
        </Field>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create User'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function UserDetailDialog({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const me = useCurrentUser();
  const { data, isPending, isError } = useAdminUser(userId);
  const adjust = useAdjustBalance();
  const setRole = useSetRole();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  function submitAdjustment(event: FormEvent) {
    event.preventDefault();
    if (userId === null) return;
    adjust.mutate(
      { id: userId, body: { amount, reason } },
      {
        onSuccess: () => {
          toast.success('Balance adjusted');
          setAmount('');
          setReason('');
        },
        onError: (e) => toast.error('Adjustment failed', { description: errorMessage(e, 'Please try again.') }),
      },
    );
  }
  return (
    <Dialog open={userId !== null} onOpenChange={(open) => !open && onClose()} title={data?.user.username ?? 'User'} wide>
      {isPending ? (
        <p className="flex items-center gap-2" role="status">
          <Spinner /> Loading user...
        </p>
      ) : isError || !data ? (
        <p role="alert" className="text-red-600">
          Failed to fetch user details
        </p>
      ) : (
        <div className="space-y-5">
          <dl className="grid gap-3 sm:grid-cols-3">
            {[
              ['Email', data.user.email ?? '—'],
              ['Role', data.user.role],
              ['Balance', showAmount(data.user.balance)],
              ['Member since', showDate(data.user.createdAt)],
              ['Stakes', data.stakesCount],
              ['Active sessions', data.activeSessions],
              ['Status', data.deactivated ? 'Deactivated' : 'Active'],
              ['Bets created', data.bets.length],
              ['Win rate', `${data.user.winRate}%`],
            ].map(([label, value]) => (
              <div key={String(label)}>
                <dt className="text-xs text-slate-500">{label}</dt>
                <dd className="font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
          <div>
            <h3 className="mb-2 font-semibold">Ledger</h3>
            <table className="w-full text-sm">
              <thead className="text-left text-slate-500">
                <tr>
                  <th className="font-medium">Kind</th>
                  <th className="text-right font-medium">Rows</th>
                  <th className="text-right font-medium">Total</th>
                </tr>
              </thead>
              <tbody>
                {data.ledgerSummary.map((row) => (
                  <tr key={row.kind} className="border-t border-slate-100 dark:border-slate-800">
                    <td className="py-1 capitalize">{row.kind}</td>
                    <td className="py-1 text-right">{row.count}</td>
                    <td className="py-1 text-right">{showAmount(row.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {!data.deactivated && (
            <form onSubmit={submitAdjustment} className="grid gap-3 sm:grid-cols-[8rem_1fr_auto] sm:items-end" aria-label="Adjust balance">
              <Field id="adjust-amount" label="Amount ($, + or -)">
                <Input id="adjust-amount" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="-10.00" />
              </Field>
              <Field id="adjust-reason" label="Reason">
                <Input id="adjust-reason" value={reason} onChange={(e) => setReason(e.target.value)} placeholder="Refund for a disputed bet" />
              </Field>
              <Button type="submit" disabled={adjust.isPending}>
                Adjust
              </Button>
            </form>
          )}
          {!data.deactivated && data.user.id !== me.id && (
            <Button
              variant="secondary"
              disabled={setRole.isPending}
              onClick={() =>
                setRole.mutate(
                  { id: data.user.id, role: data.user.role === 'admin' ? 'user' : 'admin' },
                  {
                    onSuccess: () => toast.success('Role updated'),
                    onError: (e) => toast.error('Role not changed', { description: errorMessage(e, 'Please try again.') }),
                  },
                )
              }
            >
              {data.user.role === 'admin' ? 'Make regular user' : 'Make admin'}
            </Button>
          )}
        </div>
      )}
    </Dialog>
  );
}

/** User management (spec §2 Admin page): search, add, view, delete (deactivate) users. */
export function UserManagementPanel() {
  const me = useCurrentUser();
  const [text, setText] = useState('');
  const [sort, setSort] = useState('signup');
  const { data, isPending, isError } = useAdminUsers({ q: text.trim(), sort, order: 'desc' });
  const remove = useDeleteUser();
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<AdminUserRow | null>(null);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-56 flex-1">
          <label htmlFor="user-search" className="mb-1.5 block text-sm font-semibold">
            Search users
          </label>
          <Input id="user-search" placeholder="Username or email" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <div>
          <label htmlFor="user-sort" className="mb-1.5 block text-sm font-semibold">
            Sort by
          </label>
          <select id="user-sort" className={selectClass} value={sort} onChange={(e) => setSort(e.target.value)}>
            <option value="signup">Newest sign-up</option>
            <option value="balance">Balance</option>
            <option value="bets">Bets</option>
          </select>
        </div>
        <Button onClick={() => setAdding(true)}>
          <UserPlus aria-hidden className="h-4 w-4" /> Add User
        </Button>
      </div>
      <Card className="overflow-x-auto p-0">
        {isPending ? (
          <p className="flex items-center gap-2 p-4" role="status">
            <Spinner /> Loading users...
          </p>
        ) : isError || !data ? (
          <p role="alert" className="p-4 text-red-600">
            Failed to fetch users
          </p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Users ({data.total})</caption>
            <thead className="text-slate-500">
              <tr>
                <th className="px-4 py-2 font-medium">User</th>
                <th className="px-4 py-2 font-medium">Email</th>
                <th className="px-4 py-2 font-medium">Role</th>
                <th className="px-4 py-2 text-right font-medium">Balance</th>
                <th className="px-4 py-2 text-right font-medium">Bets</th>
                <th className="px-4 py-2 font-medium">Status</th>
                <th className="px-4 py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.users.map((user) => (
                <tr key={user.id} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="px-4 py-2.5 font-semibold">{user.username}</td>
                  <td className="px-4 py-2.5">{user.email}</td>
                  <td className="px-4 py-2.5">{user.role === 'admin' ? <Badge tone="warning">Admin</Badge> : 'User'}</td>
                  <td className="px-4 py-2.5 text-right">{showAmount(user.balance)}</td>
                  <td className="px-4 py-2.5 text-right">{user.totalBets}</td>
                  <td className="px-4 py-2.5">{user.deactivatedAt ? <Badge tone="danger">Deactivated</Badge> : <Badge tone="success">Active</Badge>}</td>
                  <td className="px-4 py-2.5">
                    <div className="flex justify-end gap-2">
                      <Button size="sm" variant="secondary" onClick={() => setViewing(user.id)} aria-label={`View ${user.username}`}>
                        View
                      </Button>
                      {!user.deactivatedAt && user.id !== me.id && (
                        <Button size="sm" variant="danger" onClick={() => setDeleting(user)} aria-label={`Delete ${user.username}`}>
                          Delete
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      <AddUserDialog open={adding} onOpenChange={setAdding} />
      <UserDetailDialog userId={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete user"
        message={`Are you sure you want to delete ${deleting?.username ?? 'this user'}? Their sessions end and their open bets are refunded.`}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('User deleted successfully');
              setDeleting(null);
            },
            onError: (e) => toast.error('Failed to delete user', { description: errorMessage(e, 'Please try again.') }),
          })
        }
      />
    </div>
  );
}

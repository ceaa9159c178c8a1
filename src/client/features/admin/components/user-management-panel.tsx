import { Search, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { adjustBodySchema, createUserBodySchema, type AdminUserRow } from '../../../../shared/schemas/admin.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { ErrorText, Loading } from '../../../components/ui/blocks.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, EmptyState } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, Select } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { countOf, showAmount, showDate } from '../../../lib/format.ts';
import { useScreenNav } from '../../../lib/screen-nav.tsx';
import { useCurrentUser } from '../../../lib/use-auth.tsx';
import { useAdjustBalance, useAdminUser, useAdminUsers, useCreateUser, useDeleteUser, useSetRole } from '../api.ts';

const EMPTY_FORM = { username: '', email: '', password: '', role: 'user' };

/** docs/product.md §10.1: username, email and password required; role defaults to user. */
function AddUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const form = useZodForm(createUserBodySchema, EMPTY_FORM);
  const create = useCreateUser();
  const close = (next: boolean) => {
    if (!next) form.reset();
    onOpenChange(next);
  };
  const onSubmit = form.submit((body) =>
    create.mutate(body, {
      onSuccess: () => {
        toast.success('User created successfully');
        close(false);
      },
      onError: (e) => toast.error('Failed to create user', { description: errorMessage(e, 'Please try again.') }),
    }),
  );
  return (
    <Dialog open={open} onOpenChange={close} title="Add User" description="Creates an account that signs in with this email and password.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field id="new-username" label="Username" error={form.errors.username}>
          <Input id="new-username" {...form.field('username')} />
        </Field>
        <Field id="new-email" label="Email" error={form.errors.email}>
          <Input id="new-email" type="email" {...form.field('email')} />
        </Field>
        <Field id="new-password" label="Password" hint="At least 8 characters." error={form.errors.password}>
          <Input id="new-password" type="password" autoComplete="new-password" {...form.field('password')} />
        </Field>
        <Field id="new-role" label="Role" error={form.errors.role}>
          <Select {...form.field('role')}>
            <option value="user">User</option>
            <option value="admin">Admin</option>
          </Select>
        </Field>
        <div className="grid grid-cols-2 gap-3 sm:flex sm:justify-end">
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

function UserDetailDialog({ userId, onClose }: { userId: number; onClose: () => void }) {
  const me = useCurrentUser();
  const { data, isPending, isError } = useAdminUser(userId);
  const setRole = useSetRole();
  const adjust = useAdjustBalance();
  const form = useZodForm(adjustBodySchema, { amount: '', reason: '' });
  const submitAdjustment = form.submit(() =>
    adjust.mutate(
      { id: userId, body: form.values },
      {
        onSuccess: () => {
          toast.success('Balance adjusted');
          form.reset();
        },
        onError: (e) => toast.error('Adjustment failed', { description: errorMessage(e, 'Please try again.') }),
      },
    ),
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={data?.user.username ?? 'User'}>
      {isPending ? (
        <Loading message="Loading user..." />
      ) : isError || !data ? (
        <ErrorText>Failed to fetch user details</ErrorText>
      ) : (
        <div className="space-y-4">
          <dl className="space-y-1.5 text-sm">
            {[
              ['Email', data.user.email ?? '—'],
              ['Role', data.user.role === 'admin' ? 'Admin' : 'User'],
              ['Balance', showAmount(data.user.balance)],
              ['Joined', showDate(data.user.createdAt)],
              ['Bets created', String(data.bets.length)],
              ['Stakes', String(data.stakesCount)],
              ['Signed-in sessions', String(data.activeSessions)],
              ['Status', data.deactivated ? 'Deleted' : 'Active'],
            ].map(([label, value]) => (
              <div key={label} className="flex justify-between gap-3">
                <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
                <dd className="min-w-0 truncate text-right font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
          <div>
            <h3 className="mb-1 font-semibold">Ledger</h3>
            <ul className="space-y-1 text-sm">
              {data.ledgerSummary.map((row) => (
                <li key={row.kind} className="flex justify-between gap-3">
                  <span className="capitalize">
                    {row.kind} ({row.count})
                  </span>
                  <span className="font-semibold">{showAmount(row.total)}</span>
                </li>
              ))}
            </ul>
          </div>
          {!data.deactivated && data.user.id !== me.id && (
            <Button
              variant="secondary"
              className="w-full"
              disabled={setRole.isPending}
              onClick={() =>
                setRole.mutate(
                  { id: userId, role: data.user.role === 'admin' ? 'user' : 'admin' },
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
          {!data.deactivated && (
            <form onSubmit={submitAdjustment} noValidate className="space-y-3 rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60" aria-label="Adjust balance">
              <Field id="adjust-amount" label="Adjust balance by ($)" hint="Negative to take money away, e.g. -5.00." error={form.errors.amount}>
                <Input id="adjust-amount" inputMode="decimal" {...form.field('amount')} />
              </Field>
              <Field id="adjust-reason" label="Reason" error={form.errors.reason}>
                <Input id="adjust-reason" maxLength={200} {...form.field('reason')} />
              </Field>
              <Button type="submit" className="w-full" disabled={adjust.isPending}>
                Adjust
              </Button>
            </form>
          )}
        </div>
      )}
    </Dialog>
  );
}

function UserCard({ user, onView, onDelete }: { user: AdminUserRow; onView: () => void; onDelete: () => void }) {
  const me = useCurrentUser();
  const deactivated = user.deactivatedAt !== null;
  return (
    <Card className="space-y-3 p-4" data-testid="admin-user">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-bold">{user.username}</p>
          <p className="truncate text-sm text-slate-700 dark:text-slate-300">{user.email ?? '—'}</p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          {user.role === 'admin' && <Badge tone="warning">Admin</Badge>}
          {deactivated && <Badge tone="danger">Deleted</Badge>}
        </div>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {showAmount(user.balance)} · {countOf(user.totalBets, 'bet')} · joined {showDate(user.createdAt)}
      </p>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={onView}>
          View<span className="sr-only"> {user.username}</span>
        </Button>
        <Button variant="danger" disabled={deactivated || user.id === me.id} onClick={onDelete}>
          Delete<span className="sr-only"> {user.username}</span>
        </Button>
      </div>
    </Card>
  );
}

/** The users as a table on the desktop, as cards on a narrow screen. */
function UserList({ users, total, onView, onDelete }: { users: AdminUserRow[]; total: number; onView: (id: number) => void; onDelete: (user: AdminUserRow) => void }) {
  const me = useCurrentUser();
  if (useScreenNav().narrow) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {total} {total === 1 ? 'user' : 'users'}
        </p>
        <ul className="space-y-3">
          {users.map((user) => (
            <li key={user.id}>
              <UserCard user={user} onView={() => onView(user.id)} onDelete={() => onDelete(user)} />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
      <Card className="overflow-x-auto p-0">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Users ({total})</caption>
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
            {users.map((user) => (
              <tr key={user.id} className="border-t border-slate-100 dark:border-slate-800">
                <td className="px-4 py-2.5 font-semibold">{user.username}</td>
                <td className="px-4 py-2.5">{user.email}</td>
                <td className="px-4 py-2.5">{user.role === 'admin' ? <Badge tone="warning">Admin</Badge> : 'User'}</td>
                <td className="px-4 py-2.5 text-right">{showAmount(user.balance)}</td>
                <td className="px-4 py-2.5 text-right">{user.totalBets}</td>
                <td className="px-4 py-2.5">{user.deactivatedAt ? <Badge tone="danger">Deactivated</Badge> : <Badge tone="success">Active</Badge>}</td>
                <td className="px-4 py-2.5">
                  <div className="flex justify-end gap-2">
                    <Button size="sm" variant="secondary" onClick={() => onView(user.id)} aria-label={`View ${user.username}`}>
                      View
                    </Button>
                    {!user.deactivatedAt && user.id !== me.id && (
                      <Button size="sm" variant="danger" onClick={() => onDelete(user)} aria-label={`Delete ${user.username}`}>
                        Delete
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
  );
}

/** User management (docs/product.md §13.8): search, add, view, promote, adjust and delete (deactivate) users. */
export function UserManagementPanel() {
  const { narrow } = useScreenNav();
  const [text, setText] = useState('');
  const [sort, setSort] = useState('signup');
  const users = useAdminUsers({ q: text.trim(), sort, order: 'desc' });
  const remove = useDeleteUser();
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<AdminUserRow | null>(null);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <form role="search" className="flex min-w-0 flex-1 basis-64 gap-2" onSubmit={(e) => e.preventDefault()}>
          <Input aria-label={narrow ? 'Search users by username or email' : 'Search users'} placeholder="Username or email..." value={text} onChange={(e) => setText(e.target.value)} />
          <Button type="submit" aria-label="Search">
            <Search aria-hidden className="h-5 w-5" />
          </Button>
        </form>
        <div>
          <label htmlFor="user-sort" className="sr-only">
            Sort by
          </label>
          <Select id="user-sort" value={sort} onChange={(e) => setSort(e.target.value)}>
            <option value="signup">Newest sign-up</option>
            <option value="balance">Balance</option>
            <option value="bets">Bets</option>
          </Select>
        </div>
        <Button className="w-full md:w-auto" onClick={() => setAdding(true)}>
          <UserPlus aria-hidden className="h-5 w-5" /> Add User
        </Button>
      </div>
      {users.isPending ? (
        <Loading message="Loading users..." />
      ) : users.isError ? (
        <ErrorText>Failed to fetch users</ErrorText>
      ) : users.data.users.length === 0 ? (
        <EmptyState title="No users found" />
      ) : (
        <UserList users={users.data.users} total={users.data.total} onView={setViewing} onDelete={setDeleting} />
      )}
      <AddUserDialog open={adding} onOpenChange={setAdding} />
      {viewing !== null && <UserDetailDialog userId={viewing} onClose={() => setViewing(null)} />}
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


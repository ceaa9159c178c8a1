import { Search, UserPlus } from 'lucide-react';
import { ShortLabel } from '../../../components/ui/short-label.tsx';
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
import { showAmount, showDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';
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
        toast.success(t('admin.addUser.createdToast'));
        close(false);
      },
      onError: (e) => toast.error(t('admin.addUser.createFailed'), { description: errorMessage(e, t('admin.common.tryAgain')) }),
    }),
  );
  return (
    <Dialog open={open} onOpenChange={close} title={t('admin.addUser.title')} description={t('admin.addUser.description')}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field id="new-username" label={t('admin.addUser.username')} error={form.errors.username}>
          <Input id="new-username" {...form.field('username')} />
        </Field>
        <Field id="new-email" label={t('admin.addUser.email')} error={form.errors.email}>
          <Input id="new-email" type="email" {...form.field('email')} />
        </Field>
        <Field id="new-password" label={t('admin.addUser.password')} hint={t('admin.addUser.passwordHint')} error={form.errors.password}>
          <Input id="new-password" type="password" autoComplete="new-password" {...form.field('password')} />
        </Field>
        <Field id="new-role" label={t('admin.addUser.role')} error={form.errors.role}>
          <Select {...form.field('role')}>
            <option value="user">{t('admin.role.user')}</option>
            <option value="admin">{t('admin.role.admin')}</option>
          </Select>
        </Field>
        <div className="grid grid-cols-2 gap-3 sm:flex sm:justify-end">
          <Button variant="secondary" onClick={() => close(false)}>
            {t('admin.addUser.cancel')}
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t('admin.addUser.creating') : t('admin.addUser.submit')}
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
          toast.success(t('admin.userDetail.adjustedToast'));
          form.reset();
        },
        onError: (e) => toast.error(t('admin.userDetail.adjustFailed'), { description: errorMessage(e, t('admin.common.tryAgain')) }),
      },
    ),
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={data?.user.username ?? t('admin.userDetail.fallbackTitle')}>
      {isPending ? (
        <Loading message={t('admin.userDetail.loading')} />
      ) : isError || !data ? (
        <ErrorText>{t('admin.userDetail.loadFailed')}</ErrorText>
      ) : (
        <div className="space-y-4">
          <dl className="space-y-1.5 text-sm">
            {[
              [t('admin.userDetail.email'), data.user.email ?? '—'],
              [t('admin.userDetail.role'), data.user.role === 'admin' ? t('admin.role.admin') : t('admin.role.user')],
              [t('admin.userDetail.balance'), showAmount(data.user.balance)],
              [t('admin.userDetail.joined'), showDate(data.user.createdAt)],
              [t('admin.userDetail.betsCreated'), String(data.bets.length)],
              [t('admin.userDetail.stakes'), String(data.stakesCount)],
              [t('admin.userDetail.sessions'), String(data.activeSessions)],
              [t('admin.userDetail.status'), data.deactivated ? t('admin.users.statusDeleted') : t('admin.users.statusActive')],
            ].map(([label, value]) => (
              <div key={label} className="flex justify-between gap-3">
                <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
                <dd className="min-w-0 truncate text-end font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
          <div>
            <h3 className="mb-1 font-semibold">{t('admin.userDetail.ledger')}</h3>
            <ul className="space-y-1 text-sm">
              {data.ledgerSummary.map((row) => (
                <li key={row.kind} className="flex justify-between gap-3">
                  <span className="capitalize">{t('admin.userDetail.ledgerRow', { kind: row.kind, count: String(row.count) })}</span>
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
                    onSuccess: () => toast.success(t('admin.userDetail.roleUpdatedToast')),
                    onError: (e) => toast.error(t('admin.userDetail.roleFailed'), { description: errorMessage(e, t('admin.common.tryAgain')) }),
                  },
                )
              }
            >
              {data.user.role === 'admin' ? t('admin.userDetail.makeUser') : t('admin.userDetail.makeAdmin')}
            </Button>
          )}
          {!data.deactivated && (
            <form onSubmit={submitAdjustment} noValidate className="space-y-3 rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60" aria-label={t('admin.userDetail.adjustForm')}>
              <Field id="adjust-amount" label={t('admin.userDetail.adjustAmount')} hint={t('admin.userDetail.adjustAmountHint')} error={form.errors.amount}>
                <Input id="adjust-amount" inputMode="decimal" {...form.field('amount')} />
              </Field>
              <Field id="adjust-reason" label={t('admin.userDetail.adjustReason')} error={form.errors.reason}>
                <Input id="adjust-reason" maxLength={200} {...form.field('reason')} />
              </Field>
              <Button type="submit" className="w-full" disabled={adjust.isPending}>
                {t('admin.userDetail.adjustButton')}
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
          {user.role === 'admin' && <Badge tone="warning">{t('admin.role.admin')}</Badge>}
          {deactivated && <Badge tone="danger">{t('admin.users.statusDeleted')}</Badge>}
        </div>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t('admin.users.cardSummary', { balance: showAmount(user.balance), count: user.totalBets, joined: showDate(user.createdAt) })}
      </p>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={onView}>
          <ShortLabel shown={t('admin.users.view')} full={t('admin.users.viewUser', { username: user.username })} />
        </Button>
        <Button variant="danger" disabled={deactivated || user.id === me.id} onClick={onDelete}>
          <ShortLabel shown={t('admin.users.delete')} full={t('admin.users.deleteUser', { username: user.username })} />
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
          {t('admin.users.count', { count: total })}
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
        <table className="w-full text-start text-sm">
          <caption className="sr-only">{t('admin.users.caption', { total: String(total) })}</caption>
          <thead className="text-slate-500">
            <tr>
              <th className="px-4 py-2 font-medium">{t('admin.users.columnUser')}</th>
              <th className="px-4 py-2 font-medium">{t('admin.users.columnEmail')}</th>
              <th className="px-4 py-2 font-medium">{t('admin.users.columnRole')}</th>
              <th className="px-4 py-2 text-end font-medium">{t('admin.users.columnBalance')}</th>
              <th className="px-4 py-2 text-end font-medium">{t('admin.users.columnBets')}</th>
              <th className="px-4 py-2 font-medium">{t('admin.users.columnStatus')}</th>
              <th className="px-4 py-2 font-medium">
                <span className="sr-only">{t('admin.users.columnActions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.id} className="border-t border-slate-100 dark:border-slate-800">
                <td className="px-4 py-2.5 font-semibold">{user.username}</td>
                <td className="px-4 py-2.5">{user.email}</td>
                <td className="px-4 py-2.5">{user.role === 'admin' ? <Badge tone="warning">{t('admin.role.admin')}</Badge> : t('admin.role.user')}</td>
                <td className="px-4 py-2.5 text-end">{showAmount(user.balance)}</td>
                <td className="px-4 py-2.5 text-end">{user.totalBets}</td>
                <td className="px-4 py-2.5">{user.deactivatedAt ? <Badge tone="danger">{t('admin.users.statusDeactivated')}</Badge> : <Badge tone="success">{t('admin.users.statusActive')}</Badge>}</td>
                <td className="px-4 py-2.5">
                  <div className="flex justify-end gap-2">
                    <Button size="sm" variant="secondary" onClick={() => onView(user.id)} aria-label={t('admin.users.viewUser', { username: user.username })}>
                      {t('admin.users.view')}
                    </Button>
                    {!user.deactivatedAt && user.id !== me.id && (
                      <Button size="sm" variant="danger" onClick={() => onDelete(user)} aria-label={t('admin.users.deleteUser', { username: user.username })}>
                        {t('admin.users.delete')}
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
          <Input aria-label={narrow ? t('admin.users.searchLabelLong') : t('admin.users.searchLabel')}
            placeholder={t('admin.users.searchPlaceholder')}
            value={text} onChange={(e) => setText(e.target.value)} />
          <Button type="submit" aria-label={t('admin.users.searchButton')}>
            <Search aria-hidden className="h-5 w-5" />
          </Button>
        </form>
        <div>
          <label htmlFor="user-sort" className="sr-only">
            {t('admin.users.sortLabel')}
          </label>
          <Select id="user-sort" value={sort} onChange={(e) => setSort(e.target.value)}>
            <option value="signup">{t('admin.users.sortSignup')}</option>
            <option value="balance">{t('admin.users.sortBalance')}</option>
            <option value="bets">{t('admin.users.sortBets')}</option>
          </Select>
        </div>
        <Button className="w-full md:w-auto" onClick={() => setAdding(true)}>
          <UserPlus aria-hidden className="h-5 w-5" /> {t('admin.users.addUser')}
        </Button>
      </div>
      {users.isPending ? (
        <Loading message={t('admin.users.loading')} />
      ) : users.isError ? (
        <ErrorText>{t('admin.users.loadFailed')}</ErrorText>
      ) : users.data.users.length === 0 ? (
        <EmptyState title={t('admin.users.empty')} />
      ) : (
        <UserList users={users.data.users} total={users.data.total} onView={setViewing} onDelete={setDeleting} />
      )}
      <AddUserDialog open={adding} onOpenChange={setAdding} />
      {viewing !== null && <UserDetailDialog userId={viewing} onClose={() => setViewing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('admin.deleteUser.title')}
        message={
          deleting ? t('admin.deleteUser.message', { username: deleting.username }) : t('admin.deleteUser.messageNoName')
        }
        confirmLabel={t('admin.deleteUser.confirm')}
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('admin.deleteUser.deletedToast'));
              setDeleting(null);
            },
            onError: (e) => toast.error(t('admin.deleteUser.failed'), { description: errorMessage(e, t('admin.common.tryAgain')) }),
          })
        }
      />
    </div>
  );
}


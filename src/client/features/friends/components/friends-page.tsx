import { Info, Search, UserPlus } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Badge, OnlineBadge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, EmptyState } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { showAmount } from '../../../lib/format.ts';
import { useAcceptFriendRequest, useFriendRequests, useFriends, useRejectFriendRequest, useSendFriendRequest, useUserSearch } from '../api.ts';
import { InviteFriends } from '../../invites/components/invite-friends.tsx';
import { FriendProfileDialog } from './friend-profile-dialog.tsx';

function SearchPanel() {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const results = useUserSearch(query);
  const send = useSendFriendRequest();
  const [sent, setSent] = useState<Set<number>>(new Set());

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    setQuery(trimmed);
  }
  useEffect(() => {
    if (results.isError) toast.error('Search Failed', { description: errorMessage(results.error, 'Please try again.') });
  }, [results.isError, results.error]);

  return (
    <Card>
      <h2 className="mb-3 text-lg font-bold">Find friends</h2>
      <form onSubmit={submit} className="flex gap-2" role="search">
        <Input aria-label="Search users" placeholder="Search by username or email..." value={text} onChange={(e) => setText(e.target.value)} />
        <Button type="submit" disabled={!text.trim()}>
          <Search aria-hidden className="h-4 w-4" /> Search
        </Button>
      </form>
      {query && (
        <div className="mt-4">
          {results.isPending ? (
            <p className="flex items-center gap-2 text-sm" role="status">
              <Spinner /> Searching...
            </p>
          ) : results.data && results.data.length === 0 ? (
            <p className="text-sm text-slate-500">No users match "{query}".</p>
          ) : (
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {results.data?.map((user) => (
                <li key={user.id} className="flex items-center gap-3 py-2.5">
                  <span className="flex-1 font-semibold">{user.username}</span>
                  <OnlineBadge online={user.isOnline} />
                  {user.friendStatus === 'friends' ? (
                    <Badge tone="success">Friends</Badge>
                  ) : user.friendStatus === 'pending_sent' || sent.has(user.id) ? (
                    <Badge>Request sent</Badge>
                  ) : (
                    <Button
                      size="sm"
                      disabled={send.isPending}
                      onClick={() =>
                        send.mutate(user.id, {
                          onSuccess: (result) => {
                            setSent((s) => new Set(s).add(user.id));
                            toast.success(result.status === 'accepted' ? 'Friend Request Accepted' : 'Friend Request Sent', {
                              description: result.status === 'accepted' ? `You and ${user.username} are now friends.` : `${user.username} will see your request.`,
                            });
                          },
                          onError: (e) => toast.error('Failed to Send Request', { description: errorMessage(e, 'Please try again.') }),
                        })
                      }
                      aria-label={`Add ${user.username} as a friend`}
                    >
                      <UserPlus aria-hidden className="h-4 w-4" /> Add Friend
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Card>
  );
}

function RequestsPanel() {
  const { data: requests = [] } = useFriendRequests();
  const accept = useAcceptFriendRequest('POST');
  const reject = useRejectFriendRequest();
  return (
    <Card>
      <h2 className="mb-3 text-lg font-bold">Friend Requests</h2>
      {requests.length === 0 ? (
        <p className="text-sm text-slate-500">No pending requests.</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {requests.map((r) => (
            <li key={r.id} className="flex items-center gap-3 py-2.5">
              <span className="flex-1 font-semibold">{r.requester.username}</span>
              <OnlineBadge online={r.requester.isOnline} />
              <Button
                size="sm"
                aria-label={`Accept ${r.requester.username}`}
                onClick={() =>
                  accept.mutate(r.requesterId, {
                    onSuccess: () => toast.success('Friend Request Accepted', { description: `You and ${r.requester.username} are now friends.` }),
                    onError: (e) => toast.error('Failed to Accept Request', { description: errorMessage(e, 'Please try again.') }),
                  })
                }
              >
                Accept
              </Button>
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Decline ${r.requester.username}`}
                onClick={() =>
                  reject.mutate(r.requesterId, {
                    onSuccess: () => toast.success('Friend Request Rejected'),
                    onError: (e) => toast.error('Failed to Reject Request', { description: errorMessage(e, 'Please try again.') }),
                  })
                }
              >
                Decline
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The Friends page of spec §2. */
export function FriendsPage() {
  const friends = useFriends();
  const [viewing, setViewing] = useState<number | null>(null);
  const list = friends.data ?? [];
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Friends</h1>
      <div className="grid gap-6 lg:grid-cols-2">
        <SearchPanel />
        <RequestsPanel />
      </div>
      <InviteFriends />
      <Card>
        <h2 className="mb-3 text-lg font-bold">Your Friends ({list.length})</h2>
        {friends.isPending ? (
          <p className="flex items-center gap-2 text-sm" role="status">
            <Spinner /> Loading friends...
          </p>
        ) : friends.isError ? (
          <p role="alert" className="text-red-600">
            Failed to fetch friends
          </p>
        ) : list.length === 0 ? (
          <EmptyState title="No friends yet. Search for people you know above." />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {list.map((f) => (
              <li key={f.id}>
                <button
                  type="button"
                  onClick={() => setViewing(f.id)}
                  className="flex w-full items-center gap-3 rounded-xl p-3 text-left ring-1 ring-slate-200 hover:bg-slate-50 dark:ring-slate-800 dark:hover:bg-slate-800"
                >
                  <span aria-hidden className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-700">
                    {f.username.charAt(0).toUpperCase()}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold">{f.username}</span>
                    <span className="block text-sm text-slate-500">
                      {showAmount(f.balance)} · {f.totalWins} wins
                    </span>
                  </span>
                  <OnlineBadge online={f.isOnline} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <aside className="flex gap-3 rounded-2xl bg-sky-50 p-4 text-sm text-sky-900 ring-1 ring-sky-100 dark:bg-sky-950 dark:text-sky-100 dark:ring-sky-900">
        <Info aria-hidden className="h-5 w-5 shrink-0" />
        <p>You only see bets created by your friends (and the ones you joined). Admins can see all bets.</p>
      </aside>
      <FriendProfileDialog userId={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

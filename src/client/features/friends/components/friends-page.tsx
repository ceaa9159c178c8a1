import { Info, MessageCircle, Search, UserPlus } from 'lucide-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '../../../lib/toast.ts';
import { focusWhenShown } from '../../../components/focus.ts';
import { ScreenTitle, useScreenNav } from '../../../lib/screen-nav.tsx';
import { Badge, OnlineBadge } from '../../../components/ui/badge.tsx';
import { ErrorText, Loading, Section } from '../../../components/ui/blocks.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, EmptyState } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { showAmount } from '../../../lib/format.ts';
import { t, tNodes } from '../../../lib/i18n.ts';
import { useStartConversation } from '../../chat/api.ts';
import { useFriends } from '../../../lib/friends-list.ts';
import { useAcceptFriendRequest, useFriendRequests, useRejectFriendRequest, useSendFriendRequest, useUserSearch } from '../api.ts';
import { InviteFriends } from '../../invites/invite-friends.tsx';
import { FriendProfileDialog } from './friend-profile.tsx';

function Avatar({ name }: { name: string }) {
  return (
    <span aria-hidden className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-700">
      {name.charAt(0).toUpperCase()}
    </span>
  );
}

const friendStatusId = (userId: number) => `friend-status-${userId}`;

/** Where a search result says how things stand; it takes the focus from the Add Friend button it replaces. */
function FriendStatus({ userId, children }: { userId: number; children: ReactNode }) {
  return (
    <span id={friendStatusId(userId)} tabIndex={-1} className="shrink-0 rounded-full">
      {children}
    </span>
  );
}

function FindFriends() {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const results = useUserSearch(query);
  const send = useSendFriendRequest();
  // What each request sent from here became: still pending, or accepted at once (they had asked first).
  const [sent, setSent] = useState<Map<number, 'pending' | 'accepted'>>(new Map());

  function submit(event: FormEvent) {
    event.preventDefault();
    // Empty or blank searches are ignored, the rest trimmed (docs/product.md §13.6).
    const trimmed = text.trim();
    if (trimmed) setQuery(trimmed);
  }
  useEffect(() => {
    if (results.isError) toast.error(t('friends.search.error'), { description: errorMessage(results.error, t('friends.common.tryAgain')) });
  }, [results.isError, results.error]);

  return (
    <Section title={t('friends.search.title')}>
      <form onSubmit={submit} role="search" className="flex gap-2">
        <Input aria-label={t('friends.search.label')} placeholder={t('friends.search.placeholder')} value={text} onChange={(e) => setText(e.target.value)} />
        <Button type="submit" disabled={!text.trim()}>
          <Search aria-hidden className="h-4 w-4" /> {t('friends.search.submit')}
        </Button>
      </form>
      {query &&
        (results.isPending ? (
          <Loading message={t('friends.search.searching')} />
        ) : results.data?.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('friends.search.noMatch', { query })}</p>
        ) : (
          <ul className="space-y-2" aria-label={t('friends.search.results')}>
            {results.data?.map((user) => (
              <li key={user.id} className="flex items-center gap-3 rounded-xl bg-white p-3 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
                <Avatar name={user.username} />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold wrap-anywhere">{user.username}</span>
                  <OnlineBadge online={user.isOnline} />
                </span>
                {user.friendStatus === 'friends' || sent.get(user.id) === 'accepted' ? (
                  <FriendStatus userId={user.id}>
                    <Badge tone="success">{t('friends.search.statusFriends')}</Badge>
                  </FriendStatus>
                ) : user.friendStatus === 'pending_sent' || sent.has(user.id) ? (
                  <FriendStatus userId={user.id}>
                    <Badge>{t('friends.search.statusSent')}</Badge>
                  </FriendStatus>
                ) : user.friendStatus === 'pending_received' ? (
                  <Badge tone="warning">{t('friends.search.statusReceived')}</Badge>
                ) : (
                  <Button
                    size="sm"
                    disabled={send.isPending}
                    aria-label={t('friends.search.addLabel', { name: user.username })}
                    onClick={() =>
                      send.mutate(user.id, {
                        onSuccess: (result) => {
                          setSent((s) => new Map(s).set(user.id, result.status === 'accepted' ? 'accepted' : 'pending'));
                          // The button gives way to what it did: the focus goes there.
                          focusWhenShown(friendStatusId(user.id));
                          toast.success(result.status === 'accepted' ? t('friends.search.acceptedToast') : t('friends.search.sentToast'), {
                            description:
                              result.status === 'accepted'
                                ? t('friends.search.acceptedDescription', { name: user.username })
                                : t('friends.search.sentDescription', { name: user.username }),
                          });
                        },
                        onError: (e) => toast.error(t('friends.search.sendError'), { description: errorMessage(e, t('friends.common.tryAgain')) }),
                      })
                    }
                  >
                    <UserPlus aria-hidden className="h-4 w-4" /> {t('friends.search.add')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ))}
    </Section>
  );
}

const REQUESTS_HEADING_ID = 'friend-requests-heading';
const acceptButtonId = (requesterId: number) => `accept-request-${requesterId}`;

/** Pending requests with Accept / Decline, accepted through POST. */
function FriendRequests() {
  const { data: requests = [] } = useFriendRequests();
  const accept = useAcceptFriendRequest('POST');
  const reject = useRejectFriendRequest();
  /** Once a request is answered the focus moves on to the next one's Accept, else to the heading. */
  const moveOnFrom = (i: number) => {
    const next = requests[i + 1] ?? requests[i - 1];
    focusWhenShown(next ? acceptButtonId(next.requesterId) : REQUESTS_HEADING_ID);
  };
  return (
    <Section title={t('friends.requests.title', { count: requests.length })} headingId={REQUESTS_HEADING_ID}>
      {requests.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-300">{t('friends.requests.empty')}</p>}
      <ul className="space-y-2">
        {requests.map((r, i) => (
          <li key={r.id}>
            <Card className="space-y-3 p-3">
              <div className="flex items-center gap-3">
                <Avatar name={r.requester.username} />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold wrap-anywhere">{r.requester.username}</span>
                  <OnlineBadge online={r.requester.isOnline} />
                </span>
              </div>
              <div className="grid grid-cols-2 gap-2">
                <Button
                  id={acceptButtonId(r.requesterId)}
                  aria-label={t('friends.requests.acceptLabel', { name: r.requester.username })}
                  disabled={accept.isPending}
                  onClick={() =>
                    accept.mutate(r.requesterId, {
                      onSuccess: () => {
                        toast.success(t('friends.requests.acceptedToast'), { description: t('friends.requests.acceptedDescription', { name: r.requester.username }) });
                        moveOnFrom(i);
                      },
                      onError: (e) => toast.error(t('friends.requests.acceptError'), { description: errorMessage(e, t('friends.common.tryAgain')) }),
                    })
                  }
                >
                  {t('friends.requests.accept')}
                </Button>
                <Button
                  variant="secondary"
                  aria-label={t('friends.requests.declineLabel', { name: r.requester.username })}
                  disabled={reject.isPending}
                  onClick={() =>
                    reject.mutate(r.requesterId, {
                      onSuccess: () => {
                        toast.success(t('friends.requests.declinedToast'));
                        moveOnFrom(i);
                      },
                      onError: (e) => toast.error(t('friends.requests.declineError'), { description: errorMessage(e, t('friends.common.tryAgain')) }),
                    })
                  }
                >
                  {t('friends.requests.decline')}
                </Button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Friends in both layouts (docs/product.md §13.6): requests with Accept / Decline, the friends list with View Profile, finding new friends. */
export function FriendsPage() {
  const friends = useFriends();
  const { narrow, navigate } = useScreenNav();
  const startChat = useStartConversation();
  // The desktop shows a friend's profile in a dialog; the narrow frame as a view of its own.
  const [viewing, setViewing] = useState<number | null>(null);
  const list = friends.data ?? [];
  return (
    <div className="space-y-6">
      <ScreenTitle>{t('friends.page.title')}</ScreenTitle>
      <div className="grid gap-6 lg:grid-cols-2">
        <FriendRequests />
        <FindFriends />
      </div>
      <InviteFriends />
      <Section title={t('friends.list.title', { count: list.length })}>
        {friends.isPending ? (
          <Loading message={t('friends.list.loading')} />
        ) : friends.isError ? (
          <ErrorText>{t('friends.list.loadError')}</ErrorText>
        ) : list.length === 0 ? (
          <EmptyState title={t('friends.list.empty')} />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {list.map((f) => (
              <li key={f.id}>
                <Card className="space-y-3 p-3">
                  <div className="flex items-center gap-3">
                    <Avatar name={f.username} />
                    <span className="min-w-0 flex-1">
                      <span className="block font-semibold wrap-anywhere">{f.username}</span>
                      <span className="block text-sm text-slate-700 dark:text-slate-300">
                        {t('friends.list.summary', { wins: f.totalWins, balance: showAmount(f.balance) })}
                      </span>
                    </span>
                    <OnlineBadge online={f.isOnline} />
                  </div>
                  <div className="flex gap-2 *:flex-1">
                    <Button variant="secondary" onClick={() => (narrow ? navigate({ name: 'profile-view', id: f.id }) : setViewing(f.id))}>
                      {tNodes('friends.list.viewProfile', { whose: <span className="sr-only">{t('friends.list.viewProfileWhose', { name: f.username })}</span> })}
                    </Button>
                    {narrow && (
                      <Button
                        variant="secondary"
                        disabled={startChat.isPending}
                        onClick={() =>
                          startChat.mutate(f.id, {
                            onSuccess: (c) => navigate({ name: 'conversation', id: c.id }),
                            onError: (e) => toast.error(t('friends.list.chatError'), { description: errorMessage(e, t('friends.common.tryAgain')) }),
                          })
                        }
                      >
                        <MessageCircle aria-hidden className="h-4 w-4" /> {tNodes('friends.list.message', { who: <span className="sr-only">{t('friends.list.messageWho', { name: f.username })}</span> })}
                      </Button>
                    )}
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <aside className="flex gap-3 rounded-2xl bg-sky-50 p-4 text-sm text-sky-900 ring-1 ring-sky-100 dark:bg-sky-950 dark:text-sky-100 dark:ring-sky-900">
        <Info aria-hidden className="h-5 w-5 shrink-0" />
        <p>{t('friends.page.visibilityNote')}</p>
      </aside>
      <FriendProfileDialog userId={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

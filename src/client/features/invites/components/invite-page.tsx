import { Link2, UserCheck, UserPlus } from 'lucide-react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { QrCode } from '../../../components/qr-code.tsx';
import { FullScreenLoader } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { useFriends } from '../../../lib/friends-list.ts';
import { useAcceptInvite, useInvitePreview } from '../api.ts';
import { friendInvitePath, useInviteVisitor, useTakeInvite } from '../resume-invite.ts';
import { InvitedBetSummary } from './invited-bet.tsx';

/**
 * /invite/:token: who invites you. Signed out, the way in is sign-in or sign-up (and profile
 * setup), after which the app comes back here and accepts at once; signed in, one button. Either
 * way it ends on the dashboard, or on the shared bet, with the inviter a friend.
 */
export function InvitePage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const here = friendInvitePath(token);
  const preview = useInvitePreview(token);
  const accept = useAcceptInvite();
  const { status, user, ready, needsSetup, signInToTake } = useInviteVisitor(here);
  const friends = useFriends({ enabled: ready });
  const inviter = preview.data?.inviter;
  // Nothing to accept: the player's own link, or an inviter who is a friend already.
  const own = ready && inviter?.id === user?.id;
  const alreadyFriends = ready && inviter !== undefined && (friends.data ?? []).some((friend) => friend.id === inviter.id);
  const acceptNow = useTakeInvite(here, ready, {
    loaded: preview.isSuccess,
    nothingToTake: preview.isError || own,
    take: (forget) =>
      accept.mutate(token, {
        onSuccess: (result) => {
          forget();
          toast.success(t('invites.page.nowFriends', { username: result.friend.username }), {
            description: result.betId === null ? t('invites.page.nowFriendsDashboard') : t('invites.page.nowFriendsBet'),
          });
          navigate(result.betId === null ? '/' : `/bets/${result.betId}`, { replace: true });
        },
        onError: forget,
      }),
  });

  if (status === 'loading' || preview.isPending || (ready && friends.isPending)) return <FullScreenLoader message={t('invites.page.loading')} />;
  if (needsSetup) return <Navigate to="/" replace />;

  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <Card className="w-full max-w-md text-center">
        {preview.isError ? (
          <>
            <h1 className="text-2xl font-bold">{t('invites.page.invalidTitle')}</h1>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{t('invites.page.invalidMessage')}</p>
            <Link to="/" className="mt-4 inline-block font-semibold text-brand-700 hover:underline dark:text-brand-100">
              {t('invites.page.goToBetbro')}
            </Link>
          </>
        ) : own ? (
          <>
            <Link2 aria-hidden className="mx-auto h-10 w-10 text-brand-600" />
            <h1 className="mt-3 text-2xl font-bold">{t('invites.page.ownTitle')}</h1>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{t('invites.page.ownMessage')}</p>
            <div className="mt-4">
              <QrCode src={`/api/invites/${encodeURIComponent(token)}/qr.png`} label={t('invites.page.ownQr')} />
            </div>
            <Link to="/friends" className="mt-4 inline-block font-semibold text-brand-700 hover:underline dark:text-brand-100">
              {t('invites.page.seeLinks')}
            </Link>
          </>
        ) : alreadyFriends ? (
          <>
            <UserCheck aria-hidden className="mx-auto h-10 w-10 text-brand-600" />
            <h1 className="mt-3 text-2xl font-bold wrap-anywhere">{t('invites.page.alreadyFriends', { username: preview.data.inviter.username })}</h1>
            <Link
              to={preview.data.betId === null ? '/' : `/bets/${preview.data.betId}`}
              className="mt-4 inline-block font-semibold text-brand-700 hover:underline dark:text-brand-100"
            >
              {preview.data.betId === null ? t('invites.page.goToBetbro') : t('invites.page.seeSharedBet')}
            </Link>
          </>
        ) : (
          <>
            <UserPlus aria-hidden className="mx-auto h-10 w-10 text-brand-600" />
            <h1 className="mt-3 text-2xl font-bold wrap-anywhere">{t('invites.page.invitesYou', { username: preview.data.inviter.username })}</h1>
            <p className="mt-2 text-slate-600 dark:text-slate-300">
              {preview.data.betId === null ? t('invites.page.acceptFriends') : t('invites.page.acceptBet')}
            </p>
            {preview.data.bet && <InvitedBetSummary bet={preview.data.bet} />}
            {accept.isError && (
              <p role="alert" className="mt-3 text-sm font-semibold text-red-700 dark:text-red-300">
                {errorMessage(accept.error, t('invites.page.acceptFailed'))}
              </p>
            )}
            {ready ? (
              <Button className="mt-5 w-full" onClick={acceptNow} disabled={accept.isPending}>
                {t('invites.page.accept')}
              </Button>
            ) : (
              <Button className="mt-5 w-full" onClick={signInToTake}>
                {t('invites.page.signInToAccept')}
              </Button>
            )}
          </>
        )}
      </Card>
    </main>
  );
}

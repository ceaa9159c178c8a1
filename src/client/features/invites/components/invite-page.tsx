import { Link2, UserCheck, UserPlus } from 'lucide-react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { QrCode } from '../../../components/qr-code.tsx';
import { FullScreenLoader } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
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
          toast.success(`You're now friends with ${result.friend.username}`, {
            description: result.betId === null ? 'You see their bets on your dashboard.' : 'Here is the bet they shared.',
          });
          navigate(result.betId === null ? '/' : `/bets/${result.betId}`, { replace: true });
        },
        onError: forget,
      }),
  });

  if (status === 'loading' || preview.isPending || (ready && friends.isPending)) return <FullScreenLoader message="Loading invite..." />;
  if (needsSetup) return <Navigate to="/" replace />;

  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <Card className="w-full max-w-md text-center">
        {preview.isError ? (
          <>
            <h1 className="text-2xl font-bold">This invite is no longer valid</h1>
            <p className="mt-2 text-slate-600 dark:text-slate-300">It may have expired, been revoked or been used up. Ask for a new link.</p>
            <Link to="/" className="mt-4 inline-block font-semibold text-brand-700 hover:underline dark:text-brand-100">
              Go to Betbro
            </Link>
          </>
        ) : own ? (
          <>
            <Link2 aria-hidden className="mx-auto h-10 w-10 text-brand-600" />
            <h1 className="mt-3 text-2xl font-bold">This is your invite link</h1>
            <p className="mt-2 text-slate-600 dark:text-slate-300">Send it to your friends: whoever opens it and signs in becomes your friend.</p>
            <div className="mt-4">
              <QrCode src={`/api/invites/${encodeURIComponent(token)}/qr.png`} label="QR code of this invite link" />
            </div>
            <Link to="/friends" className="mt-4 inline-block font-semibold text-brand-700 hover:underline dark:text-brand-100">
              See your invite links
            </Link>
          </>
        ) : alreadyFriends ? (
          <>
            <UserCheck aria-hidden className="mx-auto h-10 w-10 text-brand-600" />
            <h1 className="mt-3 text-2xl font-bold wrap-anywhere">You're already friends with {preview.data.inviter.username}</h1>
            <Link
              to={preview.data.betId === null ? '/' : `/bets/${preview.data.betId}`}
              className="mt-4 inline-block font-semibold text-brand-700 hover:underline dark:text-brand-100"
            >
              {preview.data.betId === null ? 'Go to Betbro' : 'See the bet they shared'}
            </Link>
          </>
        ) : (
          <>
            <UserPlus aria-hidden className="mx-auto h-10 w-10 text-brand-600" />
            <h1 className="mt-3 text-2xl font-bold wrap-anywhere">{preview.data.inviter.username} invites you to Betbro</h1>
            <p className="mt-2 text-slate-600 dark:text-slate-300">
              {preview.data.betId === null ? 'Accept to become friends and bet together.' : 'Accept to become friends and join their bet.'}
            </p>
            {preview.data.bet && <InvitedBetSummary bet={preview.data.bet} />}
            {accept.isError && (
              <p role="alert" className="mt-3 text-sm font-semibold text-red-700 dark:text-red-300">
                {errorMessage(accept.error, 'Could not accept the invite. Please try again.')}
              </p>
            )}
            {ready ? (
              <Button className="mt-5 w-full" onClick={acceptNow} disabled={accept.isPending}>
                Accept invite
              </Button>
            ) : (
              <Button className="mt-5 w-full" onClick={signInToTake}>
                Sign in or sign up to accept
              </Button>
            )}
          </>
        )}
      </Card>
    </main>
  );
}

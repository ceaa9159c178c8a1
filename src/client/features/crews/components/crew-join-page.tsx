import { Handshake, Link2Off } from 'lucide-react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FullScreenLoader } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { useMyCrews } from '../../../lib/crews-list.ts';
import { t } from '../../../lib/i18n.ts';
import { useInviteVisitor, useTakeInvite } from '../../invites/resume-invite.ts';
import { useCrewInvitePreview, useJoinCrew } from '../api.ts';

/** The address of a crew invite's page, as the server's links have it. */
export const crewJoinPath = (token: string) => `/crews/join/${encodeURIComponent(token)}`;

const linkClass = 'mt-4 inline-block font-semibold text-brand-700 hover:underline dark:text-brand-100';

/**
 * /crews/join/:token: which crew, who invites, how many are in it. Signed out, the way in is
 * sign-in or sign-up (and profile setup), after which the app comes back here, as for a friend
 * invite (invites/resume-invite.ts), and joins at once; signed in, one button. Either way it ends
 * on the crew's page.
 */
export function CrewJoinPage() {
  const { token = '' } = useParams();
  const here = crewJoinPath(token);
  const navigate = useNavigate();
  const preview = useCrewInvitePreview(token);
  const join = useJoinCrew();
  const { status, ready, needsSetup, signInToTake } = useInviteVisitor(here);
  const myCrews = useMyCrews({ enabled: ready });
  const crew = preview.data?.crew;
  // An unknown or expired token, and a token no invite could have (the route's own check), answer so.
  const unknownLink = preview.error instanceof ApiError && (preview.error.status === 404 || preview.error.status === 400);
  const member = ready && crew !== undefined && (myCrews.data ?? []).some((mine) => mine.id === crew.id);
  const joinNow = useTakeInvite(here, ready, {
    loaded: preview.isSuccess && myCrews.isSuccess,
    nothingToTake: preview.isError || member,
    take: (forget) =>
      join.mutate(token, {
        onSuccess: (joined) => {
          forget();
          navigate(`/crews/${joined.id}`, { replace: true });
        },
        onError: forget,
      }),
  });

  if (status === 'loading' || preview.isPending || (ready && myCrews.isPending)) return <FullScreenLoader message={t('crews.join.loading')} />;
  if (needsSetup) return <Navigate to="/" replace />;

  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <Card className="w-full max-w-md text-center">
        {preview.isError ? (
          <>
            <Link2Off aria-hidden className="mx-auto h-10 w-10 text-slate-500" />
            {unknownLink ? (
              <>
                <h1 className="mt-3 text-2xl font-bold">{t('crews.join.invalidTitle')}</h1>
                <p className="mt-2 text-slate-600 dark:text-slate-300">{t('crews.join.invalidHint')}</p>
              </>
            ) : (
              <>
                <h1 className="mt-3 text-2xl font-bold">{t('crews.join.loadErrorTitle')}</h1>
                <p role="alert" className="mt-2 text-slate-600 dark:text-slate-300">
                  {errorMessage(preview.error, t('crews.join.loadErrorFallback'))}
                </p>
              </>
            )}
            <Link to="/" className={linkClass}>
              {t('crews.join.goHome')}
            </Link>
          </>
        ) : member ? (
          <>
            <Handshake aria-hidden className="mx-auto h-10 w-10 text-brand-600" />
            <h1 className="mt-3 text-2xl font-bold wrap-anywhere">{t('crews.join.alreadyMember', { name: preview.data.crew.name })}</h1>
            <Link to={`/crews/${preview.data.crew.id}`} className={linkClass}>
              {t('crews.join.openCrew')}
            </Link>
          </>
        ) : (
          <>
            <Handshake aria-hidden className="mx-auto h-10 w-10 text-brand-600" />
            <h1 className="mt-3 text-2xl font-bold wrap-anywhere">{t('crews.join.title', { name: preview.data.crew.name })}</h1>
            <p className="mt-2 wrap-anywhere text-slate-600 dark:text-slate-300">
              {t('crews.join.invitedBy', { name: preview.data.inviter.username, members: preview.data.crew.memberCount })}
            </p>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('crews.join.about')}</p>
            {join.isError && (
              <p role="alert" className="mt-3 text-sm font-semibold text-red-700 dark:text-red-300">
                {errorMessage(join.error, t('crews.join.joinErrorFallback'))}
              </p>
            )}
            {ready ? (
              <Button className="mt-5 w-full" onClick={joinNow} disabled={join.isPending}>
                {join.isPending ? t('crews.join.joining') : t('crews.join.joinButton')}
              </Button>
            ) : (
              <Button className="mt-5 w-full" onClick={signInToTake}>
                {t('crews.join.signInToJoin')}
              </Button>
            )}
          </>
        )}
      </Card>
    </main>
  );
}

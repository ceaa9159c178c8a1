import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  createdCrewInviteSchema,
  crewInvitePreviewSchema,
  crewInviteSchema,
  crewMessagePageSchema,
  crewMessageSchema,
  crewSchema,
  crewSeasonSchema,
  crewStandingsSchema,
  pastSeasonsSchema,
  type CreateCrewBody,
  type Crew,
  type CrewInvite,
  type CrewMessage,
} from '../../../shared/schemas/crews.ts';
import { READ_PATHS } from '../../../shared/first-screen.ts';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { refreshCrews } from '../../lib/crews-list.ts';
import { showAmount } from '../../lib/format.ts';
import { t } from '../../lib/i18n.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';

/**
 * Crews (docs/product.md §6.7): a query per read and a mutation per change, each change with its
 * toast. My crews and a crew's members are read in `lib/crews-list.ts`, which the bets feature
 * reads too.
 */

type MessagePage = z.infer<typeof crewMessagePageSchema>;
type MessagePages = { pages: MessagePage[]; pageParams: unknown[] };

const path = (crewId: number, rest = '') => `/api/crews/${crewId}${rest}`;

export function useCrewStandings(crewId: number) {
  return useQuery({ queryKey: queryKeys.crews.standings(crewId), queryFn: () => apiRequest('GET', READ_PATHS.crew(crewId, '/standings'), crewStandingsSchema) });
}

/** The seasons that ended, newest first, each with its frozen standings and winner. */
export function usePastSeasons(crewId: number) {
  return useQuery({ queryKey: queryKeys.crews.seasons(crewId), queryFn: () => apiRequest('GET', READ_PATHS.crew(crewId, '/seasons'), pastSeasonsSchema) });
}

export function useCreateCrew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCrewBody) => apiRequest('POST', '/api/crews', crewSchema, body),
    onSuccess: (crew) => {
      queryClient.setQueryData(queryKeys.crews.detail(crew.id), crew);
      void queryClient.invalidateQueries({ queryKey: queryKeys.crews.list });
      toast.success(t('crews.toast.created', { name: crew.name }), { description: t('crews.toast.createdDescription') });
    },
    onError: (error) => toast.error(t('crews.toast.createError'), { description: errorMessage(error, t('crews.toast.tryAgain')) }),
  });
}

/** A new invite link; any member may make one. The link is shown once: the server keeps only its hash. */
export function useCreateCrewInvite(crewId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', path(crewId, '/invites'), createdCrewInviteSchema),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.crews.invites(crewId) });
      toast.success(t('crews.toast.inviteCreated'), { description: t('crews.toast.inviteCreatedDescription') });
    },
    onError: (error) => toast.error(t('crews.toast.inviteCreateError'), { description: errorMessage(error, t('crews.toast.tryAgain')) }),
  });
}

/** The live invite links to the crew: the player's own, or for its owner every member's; newest first. */
export function useCrewInvites(crewId: number) {
  return useQuery({ queryKey: queryKeys.crews.invites(crewId), queryFn: () => apiRequest('GET', path(crewId, '/invites'), z.array(crewInviteSchema)) });
}

/** Revokes a link, by its id: its maker may, and the owner may revoke anyone's. It lets nobody in from then on. */
export function useRevokeCrewInvite(crewId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invite: CrewInvite) => apiRequest('DELETE', path(crewId, `/invites/${invite.id}`), z.undefined()),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.crews.invites(crewId) });
      toast.success(t('crews.toast.inviteRevoked'), { description: t('crews.toast.inviteRevokedDescription') });
    },
    onError: (error) => toast.error(t('crews.toast.inviteRevokeError'), { description: errorMessage(error, t('crews.toast.tryAgain')) }),
  });
}

/** What the link's holder sees before joining; an unknown or expired link answers 404. */
export function useCrewInvitePreview(token: string) {
  return useQuery({
    queryKey: queryKeys.crews.invite(token),
    queryFn: () => apiRequest('GET', `/api/crews/join/${encodeURIComponent(token)}`, crewInvitePreviewSchema),
    retry: false,
  });
}

export function useJoinCrew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest('POST', `/api/crews/join/${encodeURIComponent(token)}`, crewSchema),
    onSuccess: (crew) => {
      queryClient.setQueryData(queryKeys.crews.detail(crew.id), crew);
      void queryClient.invalidateQueries({ queryKey: queryKeys.crews.list });
      // The crew's bets are now the player's to see.
      void queryClient.invalidateQueries({ queryKey: queryKeys.bets.all });
      toast.success(t('crews.toast.joined', { name: crew.name }), { description: t('crews.toast.joinedDescription') });
    },
    onError: (error) => toast.error(t('crews.toast.joinError'), { description: errorMessage(error, t('crews.toast.tryAgain')) }),
  });
}

/** The owner removes a member, or a member removes themself: leaving. */
export function useRemoveCrewMember(crew: Pick<Crew, 'id' | 'name'>, myId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: { id: number; username: string }) => apiRequest('DELETE', path(crew.id, `/members/${member.id}`), z.undefined()),
    onSuccess: (_, member) => {
      if (member.id === myId) {
        // Nothing of the crew is the player's to read any more: its reads are dropped, not read again.
        queryClient.removeQueries({ predicate: ({ queryKey }) => queryKey[0] === queryKeys.crews.all[0] && queryKey[2] === crew.id });
        void queryClient.invalidateQueries({ queryKey: queryKeys.crews.list });
        void queryClient.invalidateQueries({ queryKey: queryKeys.bets.all });
        toast.success(t('crews.toast.left', { name: crew.name }));
      } else {
        refreshCrews(queryClient);
        toast.success(t('crews.toast.removed', { name: member.username, crew: crew.name }));
      }
    },
    onError: (error, member) =>
      toast.error(member.id === myId ? t('crews.toast.leaveError') : t('crews.toast.removeError', { name: member.username }), {
        description: errorMessage(error, t('crews.toast.tryAgain')),
      }),
  });
}

/**
 * The owner ends the current season now: open crew bets are voided and refunded, the standings
 * archived, every balance reset. The answer is the new season.
 */
export function useEndSeason(crew: Pick<Crew, 'id' | 'startingBalance'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', path(crew.id, '/seasons'), crewSeasonSchema),
    onSuccess: (season) => {
      refreshCrews(queryClient);
      // Refunds: the crew's bets are void, and stakes back in the crew balances.
      void queryClient.invalidateQueries({ queryKey: queryKeys.bets.all });
      toast.success(t('crews.toast.seasonEnded', { number: season.number - 1 }), {
        description: t('crews.toast.seasonEndedDescription', { number: season.number, amount: showAmount(crew.startingBalance) }),
      });
    },
    onError: (error) => toast.error(t('crews.toast.endSeasonError'), { description: errorMessage(error, t('crews.toast.tryAgain')) }),
  });
}

/** The crew chat, newest first, page by page; live messages are added by `applyCrewMessage`. */
export function useCrewMessages(crewId: number) {
  return useInfiniteQuery({
    queryKey: queryKeys.crews.messages(crewId),
    queryFn: ({ pageParam }) => apiRequest('GET', path(crewId, `/messages${pageParam ? `?before=${pageParam}` : ''}`), crewMessagePageSchema),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
    // Live messages keep it current; no need to refetch on its own.
    staleTime: Infinity,
  });
}

/** A crew message, sent or heard live, at the top of its chat's first page (once). */
export function applyCrewMessage(queryClient: QueryClient, message: CrewMessage): void {
  queryClient.setQueryData<MessagePages>(queryKeys.crews.messages(message.crewId), (data) => {
    if (!data || data.pages.length === 0) return data;
    const [first, ...rest] = data.pages;
    if (first!.messages.some((m) => m.id === message.id)) return data;
    return { ...data, pages: [{ ...first!, messages: [message, ...first!.messages] }, ...rest] };
  });
}

/** Sending says its failure where it is written (the message box's own toast). */
export function useSendCrewMessage(crewId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => apiRequest('POST', path(crewId, '/messages'), crewMessageSchema, { text }),
    onSuccess: (message) => applyCrewMessage(queryClient, message),
  });
}

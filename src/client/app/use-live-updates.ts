import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import type { friendSchema } from '../../shared/schemas/friends.ts';
import type { messagePageSchema } from '../../shared/schemas/chat.ts';
import type { ServerMessage } from '../../shared/ws-events.ts';
import { applyBetPools } from '../features/bets/api.ts';
import { applyCrewMessage } from '../features/crews/api.ts';
import { oddsHistoryKey } from '../features/odds-history/api.ts';
import { refreshCrews } from '../lib/crews-list.ts';
import { LiveSocket, liveSocketUrl } from '../lib/socket.ts';
import { readAgainSince } from '../lib/query-client.ts';
import { queryKeys } from '../lib/query-keys.ts';

type FriendList = z.infer<typeof friendSchema>[];
type MessagePage = z.infer<typeof messagePageSchema>;

/**
 * Connects the live socket once the user is known and turns each event into cache updates:
 * bets refresh on new_bet, and on a bet_updated that says more than the pools changed; a stake's
 * bet_updated patches the pools into every list and detail that holds the bet, and re-reads no
 * list (its detail, timeline and odds history, where shown, are read again);
 * bets + user + activities on bet_resolved, friends on
 * friend events, crews on a crew bet's events and on crew notifications; chat messages (a crew's too) and
 * presence update the screen without a refetch. Each time a socket goes live, the first one of
 * the page too, what was read before is read again, for what happened while no socket was
 * listening, unless nothing has happened since the page began (docs/live-updates.md).
 */
export function useLiveUpdates(userId: number | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === null) return;
    const handle = (message: ServerMessage) => {
      switch (message.type) {
        case 'new_bet':
          void queryClient.invalidateQueries({ queryKey: queryKeys.bets.all });
          break;
        case 'bet_updated':
          applyBetPools(queryClient, message.bet);
          if (message.poolsOnly) {
            // What of this one bet the message does not carry (its participant list, timeline, odds
            // history and what resolving would pay) is read again only where it is shown; no list is.
            for (const queryKey of [
              queryKeys.bets.detail(message.bet.betId),
              queryKeys.bets.timeline(message.bet.betId),
              oddsHistoryKey(message.bet.betId),
              queryKeys.bets.payoutsOf(message.bet.betId),
            ]) {
              void queryClient.invalidateQueries({ queryKey, refetchType: 'active' });
            }
          } else {
            void queryClient.invalidateQueries({ queryKey: queryKeys.bets.all });
          }
          // A stake on a crew bet moves its staker's crew balance, and the crew's standings; a bet
          // among friends moves neither.
          if (message.bet.crewId !== null) refreshCrews(queryClient);
          break;
        case 'bet_resolved':
          applyBetPools(queryClient, message.bet);
          void queryClient.invalidateQueries({ queryKey: queryKeys.bets.all });
          void queryClient.invalidateQueries({ queryKey: queryKeys.auth.all });
          void queryClient.invalidateQueries({ queryKey: queryKeys.activities.all });
          void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.own });
          void queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard.all });
          void queryClient.invalidateQueries({ queryKey: queryKeys.statistics.all });
          if (message.bet.crewId !== null) refreshCrews(queryClient);
          break;
        case 'bet_comment':
          void queryClient.invalidateQueries({ queryKey: queryKeys.bets.comments(message.comment.betId) });
          break;
        case 'friend_request':
        case 'friend_accepted':
        case 'friend_removed':
          void queryClient.invalidateQueries({ queryKey: queryKeys.friends.all });
          void queryClient.invalidateQueries({ queryKey: queryKeys.bets.all });
          break;
        case 'notification':
          void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
          // Someone joined a crew, a crew bet was made, or a season ended (its bets voided, its balances reset).
          if (message.notification.type.startsWith('crew_')) refreshCrews(queryClient);
          if (message.notification.type === 'crew_season_ended') void queryClient.invalidateQueries({ queryKey: queryKeys.bets.all });
          break;
        case 'message': {
          const { conversationId } = message.message;
          queryClient.setQueryData<{ pages: MessagePage[]; pageParams: unknown[] }>(queryKeys.chat.messages(conversationId), (data) => {
            if (!data || data.pages.length === 0) return data;
            const [first, ...rest] = data.pages;
            if (first!.messages.some((m) => m.id === message.message.id)) return data;
            return { ...data, pages: [{ ...first!, messages: [message.message, ...first!.messages] }, ...rest] };
          });
          void queryClient.invalidateQueries({ queryKey: queryKeys.chat.conversations });
          break;
        }
        case 'crew_message':
          applyCrewMessage(queryClient, message.message);
          break;
        case 'presence':
          queryClient.setQueryData<FriendList>(queryKeys.friends.list, (friends) =>
            friends?.map((f) => (f.id === message.userId ? { ...f, isOnline: message.isOnline } : f)),
          );
          break;
        case 'auth_ok':
        case 'pong':
          break;
      }
    };
    const onLive = (liveAt: number, quietForMs: number | null) => void readAgainSince(queryClient, liveAt, quietForMs);
    const socket = new LiveSocket({ url: liveSocketUrl(window.location), userId, onMessage: handle, onLive });
    socket.start();
    return () => socket.stop();
  }, [userId, queryClient]);
}

import { EventEmitter } from 'node:events';
import type { BetPools } from '../../shared/ws-events.ts';
import type { Notification } from '../../shared/schemas/notifications.ts';

/** A bet as its live events need it; the fan-out reads it from the database unless it comes along. */
export interface BetSnapshot {
  pools: BetPools;
  title: string;
  creatorId: number;
}


/**
 * What happened, announced after the database transaction that did it has committed. Two
 * listeners, both started by app.ts: the live layer (features/live/realtime.ts, which asks
 * features/live/service.ts who hears what) turns them into socket messages, and push
 * (features/push/service.ts) sends the notifications to subscribed browsers. Nothing here knows
 * about either.
 */
export type DomainEvent =
  | { type: 'bet_created'; betId: number; actorId: number }
  // `snapshot` when the transaction already read it (a stake), so that the fan-out needs no query;
  // `poolsOnly` when only the pools moved (a stake), not its words or its resolution.
  | { type: 'bet_updated'; betId: number; actorId: number; poolsOnly: boolean; snapshot?: BetSnapshot }
  | { type: 'bet_resolved'; betId: number; actorId: number | null; participantIds: number[] }
  | { type: 'bet_voided'; betId: number; actorId: number | null; participantIds: number[] }
  | { type: 'bet_comment'; betId: number; commentId: number; actorId: number }
  | { type: 'friend_request'; requesterId: number; addresseeId: number }
  | { type: 'friend_accepted'; requesterId: number; addresseeId: number }
  | { type: 'friend_removed'; userIds: [number, number] }
  | { type: 'message'; conversationId: number; messageId: number; senderId: number; recipientId: number }
  | { type: 'crew_message'; crewId: number; messageId: number }
  // `notification`, as its owner reads it, when the transaction that wrote it read it and found its
  // bet open to its owner.
  | { type: 'notification'; userId: number; notificationId: number; notification?: Notification }
  // The user's role or account changed, and with it which bets they see, or a session of theirs
  // ended (src/server/features/auth/end-sessions.ts): which of their sockets may stay.
  | { type: 'audience_changed'; userId: number };

export class DomainEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(50);
  }

  emit(event: DomainEvent): void {
    this.emitter.emit('event', event);
  }

  /** Announces the notifications a committed transaction stored. */
  notified(list: readonly ({ userId: number; id: number } | null)[]): void {
    for (const entry of list) {
      if (entry) this.emit({ type: 'notification', userId: entry.userId, notificationId: entry.id });
    }
  }

  subscribe(listener: (event: DomainEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}

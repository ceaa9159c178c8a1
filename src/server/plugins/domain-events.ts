import { EventEmitter } from 'node:events';

/**
 * What happened, announced after the database transaction that did it has committed. The live
 * layer turns these into socket messages; nothing here knows about sockets.
 */
export type DomainEvent =
  | { type: 'bet_created'; betId: number; actorId: number }
  | { type: 'bet_updated'; betId: number; actorId: number }
  | { type: 'bet_resolved'; betId: number; actorId: number | null; participantIds: number[] }
  | { type: 'bet_voided'; betId: number; actorId: number | null; participantIds: number[] }
  | { type: 'bet_comment'; betId: number; commentId: number; actorId: number }
  | { type: 'friend_request'; requesterId: number; addresseeId: number }
  | { type: 'friend_accepted'; requesterId: number; addresseeId: number }
  | { type: 'friend_removed'; userIds: [number, number] }
  | { type: 'message'; conversationId: number; messageId: number; senderId: number; recipientId: number }
  | { type: 'notification'; userId: number; notificationId: number };

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

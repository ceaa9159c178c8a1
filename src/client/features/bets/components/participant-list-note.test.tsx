import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BetDetail, Participant } from '../../../../shared/schemas/bets.ts';
import { ParticipantListNote } from './participant-list-note.tsx';

const participant = (userId: number): Participant => ({
  userId,
  username: `player${userId}`,
  option: 0,
  amount: '1.00',
  potentialWin: '1.00',
  createdAt: '2026-11-23T10:00:00.000Z',
});

/** Only the two fields the note reads matter here. */
const detail = (participants: number, listed: number) =>
  ({ participants, participantList: Array.from({ length: listed }, (_, i) => participant(i + 1)) }) as BetDetail;

describe('the participant list note', () => {
  it('says nothing while the list shows everyone', () => {
    expect(renderToStaticMarkup(<ParticipantListNote bet={detail(0, 0)} />)).toBe('');
    expect(renderToStaticMarkup(<ParticipantListNote bet={detail(50, 50)} />)).toBe('');
  });

  it('says nothing while a short list waits for its refetch after a live update', () => {
    expect(renderToStaticMarkup(<ParticipantListNote bet={detail(1, 0)} />)).toBe('');
    expect(renderToStaticMarkup(<ParticipantListNote bet={detail(3, 2)} />)).toBe('');
  });

  it('says how many of how many are listed when the list is cut', () => {
    expect(renderToStaticMarkup(<ParticipantListNote bet={detail(51, 50)} />)).toContain(
      'The 50 most recent of 51 participants.',
    );
  });
});

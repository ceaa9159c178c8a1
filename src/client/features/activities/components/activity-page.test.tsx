import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Activity } from '../../../../shared/schemas/activities.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import { ActivityPage } from './activity-page.tsx';

const line = (id: number, type: string, username: string, description: string): Activity => ({
  id,
  type,
  description,
  createdAt: '2026-11-24T10:00:00.000Z',
  userId: id,
  username,
  betId: null,
});

const page = (activities: Activity[]) => ({ pages: [{ activities, nextBefore: null }], pageParams: [null] });

describe('the activity page', () => {
  it('shows each line as the server words it for the reader, without adding a name to it', () => {
    renderScreen(<ActivityPage />, {
      data: [
        [
          [...queryKeys.activities.all, 20],
          page([
            line(3, 'bet_placed', 'Bob', 'Bob placed $3.00 on "Fired" in "Will Dana be fired?"'),
            line(2, 'friend_accepted', 'Alice', 'You and Bob are now friends'),
            line(1, 'bet_created', 'Alice', 'You created the bet "Lunch?"'),
          ]),
        ],
      ],
    });
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Bob placed $3.00 on "Fired" in "Will Dana be fired?"',
      'You and Bob are now friends',
      'You created the bet "Lunch?"',
    ]);
    expect(items[0]).toHaveTextContent('Participated');
  });
});

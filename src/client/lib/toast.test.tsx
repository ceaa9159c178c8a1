import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppToaster } from '../components/ui/toaster.tsx';
import { toast } from './toast.ts';

describe('toasts', () => {
  it('show one at a time: a new one replaces the one showing instead of queueing behind it', async () => {
    render(<AppToaster />);
    act(() => {
      toast.success('Bet placed!');
      toast.success('Friend Request Sent');
      toast.error('Failed to Send Request');
    });
    await waitFor(() => expect(screen.getByText('Failed to Send Request')).toBeInTheDocument());
    await waitFor(() => expect(document.querySelectorAll('[data-sonner-toast]:not([data-removed="true"])')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Bet placed!')).toBeNull());
  });
});

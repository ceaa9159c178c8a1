import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render-screen.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Dialog } from './dialog.tsx';
import { MAIN_CONTENT_ID } from './skip-link.tsx';

/** A screen whose plain button opens a dialog, as the app's screens do (no Radix trigger). */
function Screen({ confirm = false, removeOpener = false }: { confirm?: boolean; removeOpener?: boolean }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const close = () => {
    setOpen(false);
    if (removeOpener) setDone(true);
  };
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1}>
      {!done && (
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
      )}
      {confirm ? (
        <ConfirmDialog open={open} onOpenChange={setOpen} title="Delete bet" message="Sure?" confirmLabel="Delete" onConfirm={close} />
      ) : (
        <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : close())} title="A dialog">
          <button type="button" onClick={close}>
            Done
          </button>
        </Dialog>
      )}
    </main>
  );
}

describe('a dialog closing', () => {
  it('gives the focus back to the button that opened it', async () => {
    renderScreen(<Screen />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'A dialog' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus());
  });

  it('does so for a confirmation too', async () => {
    renderScreen(<Screen confirm />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus());
  });

  it('puts the focus on the main content when what opened it is gone', async () => {
    renderScreen(<Screen removeOpener />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });
});

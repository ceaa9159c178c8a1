import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { t } from '../../lib/i18n.ts';
import { Button } from './button.tsx';
import { useReturnFocus } from './dialog.tsx';

/** Asks before something that cannot be undone. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  onConfirm,
  pending = false,
  confirmDisabled = false,
  tone = 'danger',
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  /** Keeps the confirm button off, as while what it confirms is still loading. */
  confirmDisabled?: boolean;
  tone?: 'danger' | 'primary';
  /** What the decision does, in detail, below the message. */
  children?: ReactNode;
}) {
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
        <AlertDialog.Content {...returnFocus} className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 overflow-y-auto -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl dark:bg-slate-900">
          <AlertDialog.Title className="text-lg font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-600 dark:text-slate-300">{message}</AlertDialog.Description>
          {children}
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{t('ui.confirmDialog.cancel')}</Button>
            </AlertDialog.Cancel>
            <Button variant={tone} disabled={pending || confirmDisabled} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

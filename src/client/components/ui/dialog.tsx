import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useRef, type ReactNode } from 'react';
import { t } from '../../lib/i18n.ts';
import { focusMainContent } from './skip-link.tsx';

/**
 * Where the focus goes when a dialog closes: back to whatever opened it. Radix does that only
 * for its own Trigger, and our dialogs open from plain buttons (a card's Resolve, a row's Delete),
 * so the dialog remembers what had the focus as it opened. When that is gone by then (the row
 * was deleted, the bet resolved), the focus goes to the page's main content. Nothing moves when
 * the focus is already somewhere else than the page's body.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      // What the dialog's own action led to may have taken the focus already (a chat it opened).
      if (document.activeElement && document.activeElement !== document.body) return;
      if (opener.current?.isConnected) opener.current.focus();
      else focusMainContent();
    },
  };
}

/** A modal dialog: traps focus, closes on Escape and on the close button, labelled by its title. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  wide = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string | undefined;
  children: ReactNode;
  wide?: boolean;
}) {
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
        <RadixDialog.Content
          className={`fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl dark:bg-slate-900 ${wide ? 'max-w-2xl' : 'max-w-lg'}`}
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...returnFocus}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <RadixDialog.Title className="text-xl font-bold">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-300">{description}</RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
              aria-label={t('ui.dialog.close')}
            >
              <X aria-hidden className="h-5 w-5" />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

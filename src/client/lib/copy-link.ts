import { t } from './i18n.ts';
import { toast } from './toast.ts';

/** Copies an invite link to the clipboard, and says whether it could. */
export async function copyInviteLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toast.success(t('app.copyLink.copied'));
  } catch {
    toast.error(t('app.copyLink.failed'));
  }
}

/** Whether this browser has a share sheet to hand links to (the Web Share API, mostly phones). */
export const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * Hands a link to the phone's share sheet where the browser has one, else copies it. Closing the
 * sheet is no error; a browser that refuses the sheet (no recent tap, say) gets the copy instead.
 */
export async function shareLink(url: string, words: { title: string; text: string }): Promise<void> {
  if (canShare()) {
    try {
      await navigator.share({ ...words, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  await copyInviteLink(url);
}

import { t } from '../lib/i18n.ts';

/**
 * The QR code of an invite link, drawn by the server (docs/product.md §6.2): for the friend
 * standing next to you, whose phone's camera opens the link.
 */
export function QrCode({ src, label }: { src: string; label: string }) {
  return (
    <figure className="inline-flex flex-col items-center gap-1">
      <img src={src} alt={label} width={164} height={164} className="rounded-lg bg-white p-1 ring-1 ring-slate-200 dark:ring-slate-700" />
      <figcaption className="text-xs text-slate-600 dark:text-slate-300">{t('ui.qrCode.caption')}</figcaption>
    </figure>
  );
}

/** The last path segment of an invite link: its token. */
export const tokenOfLink = (url: string) => decodeURIComponent(new URL(url, 'http://x').pathname.split('/').pop() ?? '');

import { RefreshCw, WifiOff } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { t } from '../lib/i18n.ts';
import { liveState, type LiveSnapshot } from '../lib/live-sockets.ts';

/** How long the live connection may be down before the notice says so: a blip says nothing. */
export const NOTICE_DELAY_MS = 2000;

function watchOnline(watcher: () => void): () => void {
  window.addEventListener('online', watcher);
  window.addEventListener('offline', watcher);
  return () => {
    window.removeEventListener('online', watcher);
    window.removeEventListener('offline', watcher);
  };
}

const isOnline = () => navigator.onLine;

/**
 * Says when what the screen shows may not be live (docs/live-updates.md): "You're offline"
 * while the browser is, "Reconnecting…" while the live connection has been down for more than
 * a moment; nothing otherwise. A polite live region, there from the start so that screen readers
 * hear each change; each frame places it where it covers neither its header nor its tab bar.
 */
export function ConnectionNotice({ className = '' }: { className?: string }) {
  const online = useSyncExternalStore(watchOnline, isOnline);
  const live = useSyncExternalStore(liveState.watch, liveState.get);
  // The drop the delay has run out for; a new drop is a new snapshot, with its own delay.
  const [overdue, setOverdue] = useState<LiveSnapshot | null>(null);
  useEffect(() => {
    if (live.state !== 'down') return;
    const timer = setTimeout(() => setOverdue(live), Math.max(0, live.since + NOTICE_DELAY_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [live]);

  const notice = !online
    ? { Icon: WifiOff, text: t('app.connection.offline') }
    : live.state === 'down' && overdue === live
      ? { Icon: RefreshCw, text: t('app.connection.reconnecting') }
      : null;
  return (
    <div role="status" className={className}>
      {notice && (
        <p className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-sm font-semibold text-amber-950 dark:bg-amber-900 dark:text-amber-50">
          <notice.Icon aria-hidden className="h-4 w-4 shrink-0" />
          {notice.text}
        </p>
      )}
    </div>
  );
}

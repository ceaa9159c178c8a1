import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { errorMessage } from '../../lib/api.ts';
import { isPushOn, pushSupported, turnPushOff, turnPushOn } from './push-subscription.ts';

/** "Push notifications on this device": asks the browser's permission only when turned on. */
export function PushSwitch({ id }: { id: string }) {
  const supported = pushSupported();
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!supported) return;
    let live = true;
    void isPushOn().then((value) => live && setOn(value), () => undefined);
    return () => {
      live = false;
    };
  }, [supported]);

  const change = async (wanted: boolean) => {
    setBusy(true);
    try {
      if (wanted) {
        const result = await turnPushOn();
        if (result === 'denied') {
          toast.error('Notifications are blocked', { description: 'Allow notifications for Betbro in your browser settings.' });
        } else {
          setOn(true);
          toast.success('Push notifications on');
        }
      } else {
        await turnPushOff();
        setOn(false);
        toast.success('Push notifications off');
      }
    } catch (error) {
      toast.error('Push notifications could not be changed', { description: errorMessage(error, 'Please try again.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex items-center justify-between gap-4 py-2">
      <label htmlFor={id} className="text-sm">
        <span className="font-medium">Push notifications on this device</span>
        <span className="block text-xs text-slate-500 dark:text-slate-400">
          {supported ? 'Hear about your bets even with Betbro closed.' : 'This browser cannot receive push notifications.'}
        </span>
      </label>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="h-5 w-5 accent-brand-600"
        checked={on}
        disabled={!supported || busy}
        onChange={(e) => void change(e.target.checked)}
      />
    </div>
  );
}

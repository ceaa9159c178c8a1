import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { errorMessage } from '../../lib/api.ts';
import { t } from '../../lib/i18n.ts';
import { PushUnavailableError, isPushOn, pushBlocked, pushSupported, turnPushOff, turnPushOn } from './push-subscription.ts';

type Trouble = 'blocked' | 'unavailable' | null;

/** What the switch says under its label: what it does, or why it cannot. */
function descriptionOf(supported: boolean, trouble: Trouble): string {
  if (!supported) return t('push.switch.unsupported');
  if (trouble === 'blocked') return t('push.switch.blocked');
  if (trouble === 'unavailable') return t('push.switch.unavailable');
  return t('push.switch.about');
}

/**
 * "Push notifications on this device": asks the browser's permission only when turned on. When the
 * browser refuses or cannot subscribe, the switch says so beside itself and stays usable; only
 * the server's refusals come as a toast.
 */
export function PushSwitch({ id }: { id: string }) {
  const supported = pushSupported();
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  const [trouble, setTrouble] = useState<Trouble>(() => (pushBlocked() ? 'blocked' : null));
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
          setTrouble('blocked');
        } else {
          setTrouble(null);
          setOn(true);
          toast.success(t('push.switch.onToast'));
        }
      } else {
        await turnPushOff();
        setOn(false);
        toast.success(t('push.switch.offToast'));
      }
    } catch (error) {
      if (error instanceof PushUnavailableError) setTrouble('unavailable');
      else toast.error(t('push.switch.changeFailed'), { description: errorMessage(error, t('push.switch.tryAgain')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex items-center justify-between gap-4 py-2">
      <div className="text-sm">
        <label htmlFor={id} className="font-medium">
          {t('push.switch.label')}
        </label>
        <p id={`${id}-about`} role={trouble ? 'status' : undefined} className={`text-xs ${trouble ? 'font-medium text-amber-800 dark:text-amber-200' : 'text-slate-600 dark:text-slate-300'}`}>
          {descriptionOf(supported, trouble)}
        </p>
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-describedby={`${id}-about`}
        className="h-5 w-5 shrink-0 accent-brand-600"
        checked={on}
        disabled={!supported || busy}
        onChange={(e) => void change(e.target.checked)}
      />
    </div>
  );
}

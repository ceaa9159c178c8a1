import { ApiError, apiRequest } from '../../lib/api.ts';
import { okSchema } from '../../../shared/schemas/friends.ts';
import { pushPublicKeySchema } from '../../../shared/schemas/push.ts';

/** Web Push on this device: the browser's subscription, kept in step with the server's list. */

export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

async function registration(): Promise<ServiceWorkerRegistration> {
  return (await navigator.serviceWorker.getRegistration()) ?? navigator.serviceWorker.register('/sw.js');
}

/** Whether this device is subscribed now (and allowed to show notifications). */
export async function isPushOn(): Promise<boolean> {
  if (!pushSupported() || Notification.permission !== 'granted') return false;
  const existing = await navigator.serviceWorker.getRegistration();
  return Boolean(await existing?.pushManager.getSubscription());
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Asks the browser's permission (only now, when the player turns push on), then subscribes. */
export async function turnPushOn(): Promise<'on' | 'denied'> {
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const reg = await registration();
  await navigator.serviceWorker.ready;
  const { publicKey } = await apiRequest('GET', '/api/push/public-key', pushPublicKeySchema);
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await apiRequest('POST', '/api/push/subscriptions', okSchema, subscription.toJSON());
  return 'on';
}

export async function turnPushOff(): Promise<void> {
  const subscription = await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription();
  if (!subscription) return;
  try {
    await apiRequest('DELETE', '/api/push/subscriptions', okSchema, { endpoint: subscription.endpoint });
  } catch (error) {
    // Already gone on the server (a push service said so): unsubscribing here is all that is left.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  await subscription.unsubscribe();
}

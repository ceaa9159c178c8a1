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

/** Whether the browser has refused notifications to Betbro for good (only its site settings undo that). */
export const pushBlocked = () => pushSupported() && Notification.permission === 'denied';

/** How long the browser gets to install the service worker or to subscribe before we say it cannot. */
const BROWSER_STEP_MS = 15_000;

/** The browser's part failed or never answered (no push service, no service worker): not the server's. */
export class PushUnavailableError extends Error {
  constructor() {
    super('This browser could not subscribe to push notifications');
    this.name = 'PushUnavailableError';
  }
}

/** A step of the browser's, which may never settle (a service worker that never activates). */
function browserStep<T>(step: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PushUnavailableError()), BROWSER_STEP_MS);
    step().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        reject(new PushUnavailableError());
      },
    );
  });
}

/** Asks the browser's permission (only now, when the player turns push on), then subscribes. */
export async function turnPushOn(): Promise<'on' | 'denied'> {
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const reg = await browserStep(registration);
  await browserStep(() => navigator.serviceWorker.ready);
  const { publicKey } = await apiRequest('GET', '/api/push/public-key', pushPublicKeySchema);
  const subscribe = () => reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  const subscription = await browserStep(async () => (await reg.pushManager.getSubscription()) ?? (await subscribe()));
  try {
    await apiRequest('POST', '/api/push/subscriptions', okSchema, subscription.toJSON());
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'push_endpoint_taken')) throw error;
    // This browser's subscription belongs to another account that turned push on here before: a
    // new one gives this player an endpoint of their own and stops the other's pushes reaching
    // this browser.
    await browserStep(() => subscription.unsubscribe());
    const fresh = await browserStep(subscribe);
    await apiRequest('POST', '/api/push/subscriptions', okSchema, fresh.toJSON());
  }
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

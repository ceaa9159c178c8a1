import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import webPush from 'web-push';
import { z } from 'zod';
import type { Config } from '../../config.ts';

/**
 * The server's VAPID key pair (RFC 8292): from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or else
 * generated once into DATA_DIR/vapid-keys.json and read from there ever after (browsers'
 * subscriptions are bound to the public key: a new pair would silence every one of them).
 * Several instances must share the pair: give them the same environment or the same DATA_DIR.
 */

export type VapidKeys = { publicKey: string; privateKey: string };

const keyFileSchema = z.object({
  publicKey: z.string().regex(/^[A-Za-z0-9_-]{87}$/),
  privateKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

export const vapidKeyFile = (dataDir: string) => join(dataDir, 'vapid-keys.json');

async function readKeyFile(file: string): Promise<VapidKeys> {
  const parsed = keyFileSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} does not hold a VAPID key pair; remove it to generate a new one`);
  return parsed.data;
}

export async function loadVapidKeys(config: Pick<Config, 'dataDir' | 'push'>): Promise<VapidKeys> {
  if (config.push.vapidKeys) return config.push.vapidKeys;
  const file = vapidKeyFile(config.dataDir);
  try {
    return await readKeyFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(config.dataDir, { recursive: true });
  const { publicKey, privateKey } = webPush.generateVAPIDKeys();
  // Written aside, then linked into place: the link fails if another instance starting at the
  // same moment got there first (its pair wins), and nobody ever reads a half-written file.
  const aside = `${file}.${randomBytes(6).toString('hex')}`;
  await writeFile(aside, `${JSON.stringify({ publicKey, privateKey }, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
  try {
    await link(aside, file);
    return { publicKey, privateKey };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readKeyFile(file);
  } finally {
    await unlink(aside);
  }
}

import { existsSync } from 'node:fs';

/** Debian's Chromium (never a downloaded browser), or CHROMIUM_PATH when set. */
export function findChromium(): string | null {
  return firstExisting([process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']);
}

/**
 * Debian's Chromium headless shell (package chromium-headless-shell), or
 * CHROMIUM_HEADLESS_SHELL_PATH when set: the same engine without the full browser's window
 * machinery. The journeys run in it when it is there (about a fifth less time on two cores,
 * docs/how-to.md "Keep the tests fast"); push.spec.ts keeps the full browser, the only one that
 * asks for the notification permission.
 */
export function findHeadlessShell(): string | null {
  return firstExisting([process.env.CHROMIUM_HEADLESS_SHELL_PATH, '/usr/bin/chromium-headless-shell']);
}

function firstExisting(candidates: Array<string | undefined>): string | null {
  return candidates.find((candidate): candidate is string => Boolean(candidate && existsSync(candidate))) ?? null;
}

/** The flags that work headless on our machines (and as root in CI). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

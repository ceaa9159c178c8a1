import type lighthouseRun from 'lighthouse';
import { findChromium } from '../lib/chromium.ts';

/**
 * One Lighthouse run (mobile emulation, its default) of one page in a fresh headless Chromium:
 * no cache or service state carries over from another run. For the client bench (client.ts) and
 * the alternated comparison of two builds (lighthouse-alternate.ts).
 */

export type Report = NonNullable<Awaited<ReturnType<typeof lighthouseRun>>>['lhr'];

export interface LighthouseTarget {
  url: string;
  /** A session cookie (name=value), put in the browser's cookie jar before the run. */
  cookie?: string;
}

/** The Chromium Lighthouse drives: CHROME_PATH, else one found on the machine. */
export function lighthouseChrome(): string {
  const chromePath = process.env.CHROME_PATH ?? findChromium();
  if (!chromePath) throw new Error('no Chromium found: set CHROME_PATH (Debian: apt-get install chromium, then CHROME_PATH=/usr/bin/chromium)');
  return chromePath;
}

/**
 * Puts the session cookie in the browser's own cookie jar, as signing in would. Not Lighthouse's
 * `extraHeaders`: a Cookie header given that way gave way to the jar's cookies as soon as the
 * page's answer set one (the signed-in hint), so every request after the page itself went out
 * signed out and the "signed-in" pages measured the landing page. Lighthouse's storage reset
 * leaves cookies alone.
 */
async function setCookie(port: number, url: string, cookie: string): Promise<void> {
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { webSocketDebuggerUrl: string };
  const [name, ...rest] = cookie.split('=');
  const socket = new WebSocket(webSocketDebuggerUrl);
  try {
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve, { once: true });
      socket.addEventListener('error', reject, { once: true });
    });
    const answer = new Promise<{ error?: { message: string } }>((resolve) =>
      socket.addEventListener('message', (event) => resolve(JSON.parse(String(event.data)) as { error?: { message: string } }), { once: true }),
    );
    socket.send(JSON.stringify({ id: 1, method: 'Storage.setCookies', params: { cookies: [{ name, value: rest.join('='), url, httpOnly: true, sameSite: 'Lax' }] } }));
    const { error } = await answer;
    if (error) throw new Error(`setting the session cookie: ${error.message}`);
  } finally {
    socket.close();
  }
}

/** Lighthouse's report of `target` in `categories`; throws when Lighthouse could not finish the run. */
export async function lighthouseOnce(chromePath: string, target: LighthouseTarget, categories: readonly string[]): Promise<Report> {
  // Loaded here so that a machine without them still gets every other figure.
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    if (target.cookie) await setCookie(chrome.port, target.url, target.cookie);
    const result = await lighthouse(target.url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] });
    if (!result) throw new Error('Lighthouse returned no result');
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

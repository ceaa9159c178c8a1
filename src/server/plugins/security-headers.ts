import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import type { Config } from '../config.ts';

/** The socket origin of the app's own address: ws://host for http, wss://host for https. */
export function socketOriginOf(publicUrl: string): string {
  const url = new URL(publicUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.origin;
}

/**
 * The security headers every answer carries (helmet's set): the CSP, nosniff, frame-ancestors,
 * HSTS behind https and the rest. They depend on the configuration only, never on the request,
 * so helmet runs once at start-up and every answer copies its result: the routes' answers, the
 * router's refusals and the answers written straight to the socket when Node's HTTP parser
 * refuses a request (errors.ts).
 */
export function securityHeadersOf(config: Pick<Config, 'publicUrl'>): Record<string, string> {
  const https = config.publicUrl.startsWith('https:');
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and sonner position popovers and toasts with inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        // The live socket is the app's own /ws; no page may open a socket to any other host.
        connectSrc: ["'self'", socketOriginOf(config.publicUrl)],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    hsts: https,
  });
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  let done = false;
  middleware(response.req, response, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet did not set its headers at once');
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
}

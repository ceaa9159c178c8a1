import { expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/lib/free-port.ts';

const SERVER_ENTRY = fileURLToPath(new URL('../../dist/server/main.js', import.meta.url));

/** The admin of every journey server (its ADMIN_EMAILS), made once per server (fixtures.ts). */
export const ADMIN = { email: 'admin@betbro.test', password: 'admin-password-1', username: 'Referee' } as const;

/** Which identity provider a server signs in with: its own, or its own reached as an external issuer. */
export type Issuer = 'built-in' | 'external';

/**
 * Betbro as `npm start` runs it (the compiled server), on a free port with a data directory of
 * its own, mailing through the journeys' mail catcher (scripts/e2e.ts). Each worker of the
 * journeys has one (fixtures.ts), so journeys running side by side never share a player, a
 * leaderboard or an admin's counts; a journey that stops and starts a server makes its own.
 */
export class BetbroServer {
  private process: ChildProcess | null = null;
  private log = '';
  readonly dataDir: string;

  private constructor(
    readonly port: number,
    private readonly issuer: Issuer,
  ) {
    const parent = process.env.E2E_DATA_DIR ?? tmpdir();
    mkdirSync(parent, { recursive: true });
    this.dataDir = mkdtempSync(path.join(parent, 'betbro-server-'));
  }

  static async create(issuer: Issuer = 'built-in'): Promise<BetbroServer> {
    return new BetbroServer(await freePort(), issuer);
  }

  get url(): string {
    return `http://localhost:${this.port}`;
  }

  /** What the server wrote to stderr: printed with a failure to start. */
  get output(): string {
    return this.log;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: this.url,
        DATA_DIR: this.dataDir,
        LOG_LEVEL: 'warn',
        ADMIN_EMAILS: ADMIN.email,
        // Every player of every journey signs up from 127.0.0.1 within minutes.
        RATE_LIMIT_SIGN_INS_PER_IP: '1000',
        ...(process.env.E2E_SMTP_URL ? { SMTP_URL: process.env.E2E_SMTP_URL } : {}),
        ...(this.issuer === 'external'
          ? {
              // Betbro pointed at its own provider through OIDC_ISSUER_URL, as at any external issuer.
              OIDC_ISSUER_URL: `${this.url}/oidc`,
              OIDC_CLIENT_ID: 'betbro-external',
              OIDC_CLIENT_SECRET: 'external-client-secret',
              OPEN_SIGNUP: 'true',
            }
          : {}),
      },
    });
    child.stderr!.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    this.process = child;
    await expect
      .poll(async () => (await fetch(`${this.url}/readyz`).catch(() => null))?.status, { timeout: 60_000, message: `server ready (${this.log})` })
      .toBe(200);
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    this.process = null;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

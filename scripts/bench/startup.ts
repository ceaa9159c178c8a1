import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type WebSocket from 'ws';
import { SERVER_ENTRY, ensureBuild } from '../lib/build.ts';
import { freePort } from '../lib/free-port.ts';
import { createSyntheticUsers, openSetupApp } from './data.ts';
import { connect } from './live-socket.ts';
import type { BenchPostgres } from './postgres.ts';
import { ROOT, inBatches, progress, sleep } from './util.ts';

/**
 * Start-up and memory: the server started as `npm start` starts it once the build is there
 * (`node dist/server/main.js`), timed from the spawn to the first 200 from
 * /readyz (polled every 10 ms), on an empty DATA_DIR and again on that DATA_DIR; its resident
 * size (VmRSS) after 5 s of idling, on the embedded database and on PostgreSQL; and with 1,000
 * signed-in sockets open. Each start is repeated RUNS times; medians with min and max.
 */

const RUNS = 3;
export const IDLE_MS = 5_000;
export const STARTUP_SOCKETS = 1_000;

export interface Spread {
  median: number;
  min: number;
  max: number;
}

export interface StartupRun {
  runs: number;
  firstStartMs: Spread;
  restartMs: Spread;
  /** CPU the server used until it was ready (user + system), less sensitive to a busy machine. */
  firstStartCpuMs: Spread;
  restartCpuMs: Spread;
  idleRssEmbeddedMb: Spread;
  idleRssPostgresMb: Spread;
  socketsRssMb: number;
  sockets: number;
  failedSockets: number;
}

export const spread = (values: number[]): Spread => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted.at(-1)! };
};

export interface Started {
  readyMs: number;
  cpuMs: number;
  url: string;
  rssMb(): number;
  stop(): Promise<void>;
}

export async function start(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const began = performance.now();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: url, LOG_LEVEL: 'warn', ...env },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let exitCode: number | null | undefined;
  child.once('exit', (code) => (exitCode = code));
  for (;;) {
    if (exitCode !== undefined) throw new Error(`the server exited with ${exitCode}:\n${stderr}`);
    if (performance.now() - began > 60_000) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready within 60 s:\n${stderr}`);
    }
    const ready = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
    if (ready) break;
    await sleep(10);
  }
  const readyMs = performance.now() - began;
  const pid = child.pid!;
  // Fields 14 and 15 of /proc/<pid>/stat, after the parenthesised command name, in ticks of 10 ms.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpuMs = (Number(fields[11]) + Number(fields[12])) * 10;
  return {
    readyMs,
    cpuMs,
    url,
    rssMb: () => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function benchStartup(pgServer: BenchPostgres): Promise<StartupRun> {
  await ensureBuild();
  const first: Started[] = [];
  const again: Started[] = [];
  const idleEmbedded: number[] = [];
  const idlePostgres: number[] = [];
  const dataDirs: string[] = [];
  try {
    for (let run = 1; run <= RUNS; run += 1) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'betbro-bench-startup-'));
      dataDirs.push(dataDir);
      const a = await start({ DATA_DIR: dataDir });
      first.push(a);
      await a.stop();
      const b = await start({ DATA_DIR: dataDir });
      again.push(b);
      await sleep(IDLE_MS);
      idleEmbedded.push(b.rssMb());
      await b.stop();
      progress(`startup ${run}/${RUNS}: empty DATA_DIR ready in ${Math.round(a.readyMs)} ms, restart ${Math.round(b.readyMs)} ms; idle ${Math.round(idleEmbedded.at(-1)!)} MB`);
    }
    const { name, url } = await pgServer.createDatabase('startup');
    try {
      for (let run = 1; run <= RUNS; run += 1) {
        const server = await start({ DATABASE_URL: url });
        await sleep(IDLE_MS);
        idlePostgres.push(server.rssMb());
        await server.stop();
      }
      progress(`startup: idle with DATABASE_URL ${idlePostgres.map(Math.round).join(', ')} MB`);
    } finally {
      await pgServer.dropDatabase(name);
    }

    // 1,000 signed-in sockets on the embedded database, the heavier of the two.
    const dataDir = dataDirs[0]!;
    const setup = await openSetupApp({ kind: 'pglite', dataDir });
    const users = await createSyntheticUsers(setup, 'sock', STARTUP_SOCKETS);
    await setup.close();
    const server = await start({ DATA_DIR: dataDir });
    const sockets: (WebSocket | null)[] = [];
    try {
      const wsUrl = `${server.url.replace('http', 'ws')}/ws`;
      sockets.push(...(await inBatches(users, 100, (user) => connect(wsUrl, user, server.url, () => {}))));
      await sleep(IDLE_MS);
      const socketsRssMb = server.rssMb();
      const failedSockets = sockets.filter((s) => s === null).length;
      progress(`startup: ${STARTUP_SOCKETS - failedSockets} sockets open, ${Math.round(socketsRssMb)} MB`);
      return {
        runs: RUNS,
        firstStartMs: spread(first.map((s) => s.readyMs)),
        restartMs: spread(again.map((s) => s.readyMs)),
        firstStartCpuMs: spread(first.map((s) => s.cpuMs)),
        restartCpuMs: spread(again.map((s) => s.cpuMs)),
        idleRssEmbeddedMb: spread(idleEmbedded),
        idleRssPostgresMb: spread(idlePostgres),
        socketsRssMb,
        sockets: STARTUP_SOCKETS,
        failedSockets,
      };
    } finally {
      for (const socket of sockets) socket?.terminate();
      await server.stop();
    }
  } finally {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

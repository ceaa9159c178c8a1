import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { shutDown } from './shutdown.ts';

/** Reads the configuration, builds the app, listens, and shuts down cleanly on SIGTERM / SIGINT. */

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const app = await buildApp(config);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // A stuck request must not keep the process alive forever.
  const timer = setTimeout(() => {
    app.log.error('shutdown took too long, exiting');
    process.exit(1);
  }, 10_000);
  timer.unref();
  try {
    // Interrupted by hand, there is no load balancer to wait for.
    await shutDown(app, signal === 'SIGTERM' ? config.shutdownDelayMs : 0);
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  app.log.error({ err }, 'could not start');
  await app.close();
  process.exit(1);
}
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
setTimeout(collectStartUpGarbage, 1_000).unref();
console.log(`Betbro is running at ${config.publicUrl.replace(`:${config.port}`, `:${port}`)}`);

/**
 * Start-up leaves garbage behind: module sources, the migrations check, the young generation grown
 * while loading (about 30 MB of an idle server's heap). V8's memory reducer collects it once the
 * process has idled for a while (about half a minute, measured); one full collection a second
 * after listening does it at once, in some tens of milliseconds, before traffic has built up
 * (docs/startup-and-memory.md).
 */
function collectStartUpGarbage() {
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

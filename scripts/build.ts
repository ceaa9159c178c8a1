import { buildClient, buildServer, ensureBuild } from './lib/build.ts';

// `npm run build`: the client into dist/client and the server into dist/server.
// With --if-stale (what `npm start` and the other production scripts run first) only the parts
// that are missing or older than their sources are built, so an unchanged tree costs a few
// milliseconds of file dates.

try {
  if (process.argv.includes('--if-stale')) {
    await ensureBuild();
  } else {
    buildClient();
    await buildServer();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

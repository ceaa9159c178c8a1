import { ensureClientBuild } from './lib/client-build.ts';

// `npm start`: build the client if needed, then run the server in this process, so that
// SIGTERM reaches the server's own graceful shutdown.
ensureClientBuild();
await import('../src/server/main.ts');

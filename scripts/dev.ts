import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib/build.ts';

// `npm run dev`: the API server in watch mode on PORT (3000) and Vite with hot reload on 5173,
// which proxies the API, the socket and the sign-in pages to the server.
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);
const children: ChildProcess[] = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' },
  }),
  spawn(bin('vite'), [], { cwd: ROOT, stdio: 'inherit' }),
];

let stopping = false;
function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const serverPort = Number(process.env.PORT ?? 3000);
const backend = `http://localhost:${serverPort}`;

export default defineConfig({
  root: fileURLToPath(new URL('./src/client', import.meta.url)),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    // In development Vite serves the client and hands everything else to the API server.
    proxy: {
      '/api': backend,
      '/oidc': backend,
      '/interaction': backend,
      '/healthz': backend,
      '/readyz': backend,
      '/ws': { target: backend.replace('http', 'ws'), ws: true },
    },
  },
});

import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/lib/chromium.ts';

// Run through `npm run test:e2e` (scripts/e2e.ts), which picks the ports, the data directory
// and Debian's Chromium.
const port = Number(process.env.E2E_PORT ?? 3100);
const externalPort = Number(process.env.E2E_EXTERNAL_PORT ?? 3101);
const dataDir = process.env.E2E_DATA_DIR ?? 'data/e2e';
const baseURL = `http://localhost:${port}`;
const externalBaseURL = `http://localhost:${externalPort}`;

const server = (serverPort: number, url: string, extraEnv: Record<string, string>) => ({
  command: 'node dist/server/main.js',
  url: `${url}/readyz`,
  reuseExistingServer: false,
  timeout: 60_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(serverPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    ADMIN_EMAILS: 'admin@betbro.test',
    // scripts/e2e.ts catches the mail; the journeys read its links (tests/e2e/helpers.ts).
    ...(process.env.E2E_SMTP_URL ? { SMTP_URL: process.env.E2E_SMTP_URL } : {}),
    // Every player of every journey signs up from 127.0.0.1 within minutes.
    RATE_LIMIT_SIGN_INS_PER_IP: '1000',
    ...extraEnv,
  },
});

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-report.json' }]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'desktop-chromium',
      testIgnore: 'mobile.spec.ts',
      use: { ...devices['Desktop Chrome'], baseURL, viewport: { width: 1280, height: 800 } },
    },
    {
      // The mobile shell (spec §2, under 768 px): a phone-sized screen with touch. Journeys named
      // *.both.spec.ts run here as well as at desktop width.
      name: 'mobile-chromium',
      testMatch: ['mobile.spec.ts', '*.both.spec.ts'],
      use: { ...devices['Desktop Chrome'], baseURL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
    },
    {
      // The same sign-in journey with Betbro pointed at its provider through OIDC_ISSUER_URL,
      // as it would be at any external issuer.
      name: 'external-issuer',
      testMatch: 'auth.spec.ts',
      use: { ...devices['Desktop Chrome'], baseURL: externalBaseURL, viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [
    server(port, baseURL, { DATA_DIR: `${dataDir}/embedded` }),
    server(externalPort, externalBaseURL, {
      DATA_DIR: `${dataDir}/external`,
      OIDC_ISSUER_URL: `${externalBaseURL}/oidc`,
      OIDC_CLIENT_ID: 'betbro-external',
      OIDC_CLIENT_SECRET: 'external-client-secret',
      OPEN_SIGNUP: 'true',
    }),
  ],
});

import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/helpers/global-setup.ts',
  fullyParallel: true,
  // Each worker runs a server (tests/e2e/fixtures.ts) and a browser: more workers than cores only queue for the CPU.
  workers: Math.max(2, availableParallelism()),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: process.env.CI === 'true',
  outputDir: process.env.PW_OUTPUT_DIR ?? 'test-results/e2e',
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});

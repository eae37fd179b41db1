import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, resolveChromium } from './support/chromium.ts';

const executablePath = resolveChromium();

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  outputDir: './test-results',
  // Two cores: the server, the browser and the runner share them.
  workers: 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // Generous: the two cores are shared by the server, the browser and the runner.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'UTC',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
  },
});

import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from '../../conformance/harness/consent/chromium.ts'

/**
 * The reports' own browser tests (npm run test:ui): the verdict page and Playwright's report as a certifier uses them. Not part of the
 * suite's run, so never counted in a conformance verdict; no server, only files built from fixtures.
 */
export default defineConfig({
  testDir: '.',
  testMatch: /\.spec\.ts$/,
  outputDir: '../../reports/output/ui-test-results',
  reporter: [['list'], ['html', { outputFolder: '../../reports/output/ui-html', open: 'never' }]],
  workers: 1,
  timeout: 30_000,
  use: { launchOptions: chromiumLaunchOptions(), screenshot: 'only-on-failure' },
})

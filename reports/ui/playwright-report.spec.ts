import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { REPORT_DIR_ENV, reportPaths, TARGET_ENV } from '../../settings/run-settings.ts'
import { writeFixtureTarget } from '../test/shard-fixture/fixture-target.ts'

const ROOT = new URL('../..', import.meta.url).pathname
const output = mkdtempSync(join(tmpdir(), 'playwright-report-'))

// A small failing run (the sharding fixture), whose Playwright HTML report is opened as a certifier opens it.
test.beforeAll(() => {
  const target = writeFixtureTarget(output)
  const run = spawnSync(
    'npx',
    ['playwright', 'test', '--config', 'reports/test/shard-fixture/playwright.config.ts'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, [REPORT_DIR_ENV]: output, [TARGET_ENV]: target },
    },
  )
  expect(run.status, run.stderr).toBe(1)
})

test("a failure in Playwright's report: no request leaves the machine, no path of the machine shown", async ({
  page,
}, testInfo) => {
  const requests: string[] = []
  page.on('request', (request) => requests.push(request.url()))
  const index = join(reportPaths(output).html, 'index.html')
  await page.goto(`file://${index}`)
  await page.getByText('reads an unknown incoming payment').first().click()
  await expect(page.getByText('an unknown id is Not Found').first()).toBeVisible()
  await expect(page.locator('body')).not.toContainText(ROOT)
  expect(requests.filter((url) => !url.startsWith('file://') && !url.startsWith('data:'))).toEqual([])
  await testInfo.attach("a failure in Playwright's report", {
    body: await page.screenshot(),
    contentType: 'image/png',
  })
})

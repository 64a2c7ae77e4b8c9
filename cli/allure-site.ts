import { spawnSync } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Builds the Allure site from the run's raw results and returns the index.html it wrote, undefined when it
 * could not. Allure 3 writes into `awesome/` when the output folder already holds a report, so the folder is
 * removed first: the site is always where the returned path says, and it is this run's.
 */
export function generateAllureSite(resultsDir: string, reportDir: string): string | undefined {
  if (!existsSync(resultsDir)) return undefined
  rmSync(reportDir, { recursive: true, force: true })
  const allure = spawnSync(
    'npx',
    ['allure', 'generate', resultsDir, '--output', reportDir, '--name', 'Open Payments conformance'],
    { stdio: ['ignore', 'ignore', 'inherit'], env: process.env },
  )
  if (allure.status !== 0) {
    console.error('allure generate failed; the Playwright HTML report and the verdict are still complete')
    return undefined
  }
  return [join(reportDir, 'index.html'), join(reportDir, 'awesome', 'index.html')].find((path) =>
    existsSync(path),
  )
}

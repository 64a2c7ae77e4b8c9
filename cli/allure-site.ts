import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { exitOf, startChild } from './child-processes.ts'

/**
 * Allure's command, run by node itself: npx would add its own start-up (over a CPU-second) to every run. Its
 * package exports only its library (dist/index.js); the command sits beside dist/.
 */
const ALLURE_CLI = join(dirname(createRequire(import.meta.url).resolve('allure')), '..', 'cli.js')

/**
 * Builds the Allure site from the run's raw results and returns the index.html it wrote, undefined when it
 * could not. Allure 3 writes into `awesome/` when the output folder already holds a report, so the folder is
 * removed first: the site is always where the returned path says, and it is this run's. Allure 3 also embeds
 * Google Analytics (with the report's UUID) and has no switch for it: it is removed, and a site that would still
 * call another host is not kept.
 */
export async function generateAllureSite(resultsDir: string, reportDir: string): Promise<string | undefined> {
  if (!existsSync(resultsDir)) return undefined
  rmSync(reportDir, { recursive: true, force: true })
  // Not spawnSync: the command keeps printing that it is still at it while Allure works (cli/progress-line.ts).
  const allure = startChild(
    process.execPath,
    [ALLURE_CLI, 'generate', resultsDir, '--output', reportDir, '--name', 'Open Payments conformance'],
    { stdio: ['ignore', 'ignore', 'inherit'], env: process.env },
  )
  const status = await exitOf(allure)
  if (status !== 0) {
    console.error('allure generate failed; the Playwright HTML report and the verdict are still complete')
    return undefined
  }
  const index = [join(reportDir, 'index.html'), join(reportDir, 'awesome', 'index.html')].find((path) =>
    existsSync(path),
  )
  if (!index) return undefined
  writeFileSync(index, withoutAnalytics(readFileSync(index, 'utf8')))
  const calls = thirdPartyUrls(reportDir)
  if (calls.length > 0) {
    rmSync(reportDir, { recursive: true, force: true })
    console.error(`allure site removed: it would call other hosts (${calls.slice(0, 3).join(', ')})`)
    return undefined
  }
  return index
}

/** The page without Google Analytics: its loader script and the inline script that configures it. */
export function withoutAnalytics(html: string): string {
  return html
    .replace(/[ \t]*<script[^>]*src="https:\/\/www\.googletagmanager\.com\/[^"]*"[^>]*><\/script>\n?/g, '')
    .replace(/[ \t]*<script>(?:(?!<\/script>)[\s\S])*\bgtag\((?:(?!<\/script>)[\s\S])*<\/script>\n?/g, '')
}

/**
 * Absolute URLs to other hosts in a generated site's own files (its pages, scripts and styles; not `data/`,
 * which holds the run's results and attachments, whose URLs are the target's), as `file: url`. A few are not
 * requests and are
 * allowed: XML namespaces (`http://www.w3.org/...` in SVG), and links a reader may follow (Allure's home page,
 * Playwright's trace viewer, React's error decoder).
 */
export function thirdPartyUrls(dir: string): string[] {
  const notRequests =
    /^https?:\/\/(www\.w3\.org|allurereport\.org|trace\.playwright\.dev|react\.dev|localhost)(\/|$)/
  return filesUnder(dir)
    .filter((file) => /\.(html|js|css)$/.test(file) && !relative(dir, file).split('/').includes('data'))
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/https?:\/\/[a-zA-Z0-9.-]+(?::\d+)?[^\s"'`)<>]*/g)]
        .map((match) => match[0])
        .filter((url) => !notRequests.test(url))
        .map((url) => `${relative(dir, file)}: ${url}`),
    )
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

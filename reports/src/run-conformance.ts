import { spawnSync } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { REPORT_PATHS } from './report-paths.ts'

/**
 * `npm run conformance [-- --target FILE] [playwright args]`: runs the suite, then always builds the Allure site
 * and says where every report is, whatever the outcome. Exits with the suite's status.
 */
function main(argv: string[]): number {
  const args = [...argv]
  const targetAt = args.indexOf('--target')
  if (targetAt !== -1) {
    const file = args[targetAt + 1]
    if (!file || file.startsWith('-')) {
      console.error('--target needs a file: npm run conformance -- --target my-target.json')
      return 2
    }
    process.env.CONFORMANCE_TARGET = resolve(file)
    args.splice(targetAt, 2)
  }
  // Results of an earlier run would otherwise be merged into this run's Allure report.
  rmSync(REPORT_PATHS.allureResults, { recursive: true, force: true })

  const suite = spawnSync('npx', ['playwright', 'test', ...args], { stdio: 'inherit', env: process.env })
  const status = suite.status ?? 1

  if (existsSync(REPORT_PATHS.allureResults)) {
    const allure = spawnSync(
      'npx',
      [
        'allure',
        'generate',
        REPORT_PATHS.allureResults,
        '--output',
        REPORT_PATHS.allureReport,
        '--name',
        'Open Payments conformance',
      ],
      { stdio: ['ignore', 'ignore', 'inherit'], env: process.env },
    )
    if (allure.status !== 0)
      console.error('allure generate failed; the Playwright HTML report is still complete')
  }

  const show = (path: string) => relative(process.cwd(), path)
  console.log(
    [
      '',
      'Reports:',
      `  Playwright HTML   ${show(join(REPORT_PATHS.html, 'index.html'))}   (npx playwright show-report ${show(REPORT_PATHS.html)})`,
      `  Allure site       ${show(join(REPORT_PATHS.allureReport, 'index.html'))}`,
      `  Allure results    ${show(REPORT_PATHS.allureResults)}`,
      `  Verdict           ${show(join(REPORT_PATHS.verdict, 'verdict.md'))} and verdict.json`,
      '',
    ].join('\n'),
  )
  return status
}

process.exit(main(process.argv.slice(2)))

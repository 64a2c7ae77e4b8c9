import { spawnSync } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { UNUSABLE_TARGET_EXIT } from '../../conformance/preflight/global-setup.ts'
import { CONSOLE_REPORTER_ENV, REPORT_PATHS } from './report-paths.ts'

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
  // Playwright's --reporter replaces every configured reporter, the verdict's included: hand it to the config
  // as the console reporter instead.
  const reporter = takeOption(args, '--reporter')
  if (reporter === '') {
    console.error('--reporter needs a name: npm run conformance -- --reporter list')
    return 2
  }
  if (reporter !== undefined) process.env[CONSOLE_REPORTER_ENV] = reporter
  // Results of an earlier run would otherwise be merged into this run's Allure report.
  rmSync(REPORT_PATHS.allureResults, { recursive: true, force: true })

  const suite = spawnSync('npx', ['playwright', 'test', ...args], { stdio: 'inherit', env: process.env })
  const status = suite.status ?? 1
  // The target file or the target was unusable and no test ran: there is no report to point at.
  if (status === UNUSABLE_TARGET_EXIT) return status

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

/** Removes `--name value` or `--name=value` from args; the value, '' when it is missing, undefined when absent. */
function takeOption(args: string[], name: string): string | undefined {
  const at = args.findIndex((arg) => arg === name || arg.startsWith(`${name}=`))
  if (at === -1) return undefined
  const [arg] = args.splice(at, 1)
  if (arg !== name) return arg?.slice(name.length + 1)
  const value = args[at]
  if (value === undefined || value.startsWith('-')) return ''
  args.splice(at, 1)
  return value
}

process.exit(main(process.argv.slice(2)))

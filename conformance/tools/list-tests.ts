import { spawnSync } from 'node:child_process'
import type { ListedSuite } from './rule-coverage.ts'

/** Playwright's own listing of the suite's tests (what would run), or the process ends saying why not. */
export function listTests(): { suites: ListedSuite[] } {
  const listing = spawnSync('npx', ['playwright', 'test', '--list', '--reporter=json'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    cwd: new URL('../..', import.meta.url).pathname,
  })
  if (listing.status !== 0) {
    console.error(listing.stderr || listing.stdout)
    console.error('could not list the tests')
    process.exit(1)
  }
  return JSON.parse(listing.stdout) as { suites: ListedSuite[] }
}

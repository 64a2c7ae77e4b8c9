import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { SUITE_ROOT } from './run-command.ts'
import { UsageError } from './run-options.ts'

/**
 * Artillery lives in a folder of its own with its own lockfile, so the suite's `npm ci` and `npm test` do not
 * download it (it brings a few hundred MB: its cloud runners, a Playwright engine). The first bench that needs it
 * installs it there, saying so.
 */
export const ARTILLERY_DIR = join(SUITE_ROOT, 'load-artillery')

export interface ArtilleryTools {
  /** Artillery's own command (run it with node). */
  artillery: string
  /** esbuild, which bundles the processor. */
  esbuild: string
}

function tools(): ArtilleryTools {
  return {
    artillery: join(ARTILLERY_DIR, 'node_modules', 'artillery', 'bin', 'run'),
    esbuild: join(ARTILLERY_DIR, 'node_modules', '.bin', 'esbuild'),
  }
}

export function artilleryInstalled(): boolean {
  return Object.values(tools()).every((file) => existsSync(file))
}

/** Artillery and esbuild, installed from load-artillery/package-lock.json first if they are not. */
export function ensureArtillery(log: (line: string) => void = console.log): ArtilleryTools {
  if (artilleryInstalled()) return tools()
  log(
    'bench --engine artillery: Artillery is not installed yet; installing it once into load-artillery/ ' +
      '(npm ci there, about 600 MB, a few minutes; the suite itself does not need it)',
  )
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: ARTILLERY_DIR,
    // Artillery's Playwright engine downloads a Chromium on install; the bench's consent drivers use the suite's.
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
    stdio: 'inherit',
  })
  if (result.status !== 0 || !artilleryInstalled())
    throw new UsageError(
      `bench --engine artillery: installing Artillery failed (npm ci in ${ARTILLERY_DIR} exited ` +
        `${result.status ?? result.signal}; its messages are above). Run it there yourself to see why.`,
    )
  return tools()
}

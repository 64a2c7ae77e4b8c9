import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { RunOptions } from './run-options.ts'

/** Beside a shard's reports, and in the archive: how the run was made (`verify` says it). */
export const RUN_MANNER_FILE = 'run.json'

/**
 * How a run was made, as far as the command line decides it: what a verdict stands on besides the target file
 * (archived beside it, with its capabilities and waits) and the baseline (the verdict says what it excused).
 */
export interface RunManner {
  command: 'run' | 'merge' | 'client'
  /** What else the command was given: Playwright's filters (`--grep`, spec files), `--workers`, `--scenario`. */
  arguments: string[]
  /** `--quick`: no expiry was waited for. */
  quick: boolean
  /** `--no-stop`: a failed foundation step stopped nothing. */
  noStop: boolean
  /** A shard's own run: which one. */
  shard?: { index: number; total: number }
  /** A merge: each shard's run, as its own run.json says, in the order given. */
  shards?: RunManner[]
  /** A shard that wrote no run.json (run without `op-conformance run --shard`): nothing of it is known. */
  unrecorded?: true
}

export function runManner(options: RunOptions): RunManner {
  return {
    command: 'run',
    arguments: [...options.playwrightArgs],
    quick: options.quick,
    noStop: options.noStop,
    ...(options.shard ? { shard: options.shard } : {}),
  }
}

export function writeRunManner(folder: string, manner: RunManner): void {
  writeFileSync(join(folder, RUN_MANNER_FILE), `${JSON.stringify(manner, null, 2)}\n`)
}

/**
 * A merge's manner, from what each shard wrote: a shard whose folder holds none (a suite before run.json) is
 * named with what is known of it, nothing invented.
 */
export function mergedManner(shardFolders: readonly string[]): RunManner {
  const shards = shardFolders.map((folder): RunManner => {
    const file = join(folder, RUN_MANNER_FILE)
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as RunManner
    return { command: 'run', arguments: [], quick: false, noStop: false, unrecorded: true }
  })
  return {
    command: 'merge',
    arguments: [],
    // Any shard's --quick or --no-stop is the merge's: some of its tests ran so.
    quick: shards.some((shard) => shard.quick),
    noStop: shards.some((shard) => shard.noStop),
    shards,
  }
}

/** The lines a reader needs: full or filtered, the profile, the shards (and any shard missing or run apart). */
export function mannerLines(manner: RunManner, filtered: boolean): string[] {
  const whole = manner.command === 'client' ? 'every scenario' : 'the whole suite'
  const scope = filtered ? 'a filtered run: only part of the suite ran' : whole
  const lines = [`How: op-conformance ${manner.command}, ${scope}${argumentsOf(manner)}`]
  const unrecorded = (manner.shards ?? []).filter((shard) => shard.unrecorded).length
  if (unrecorded > 0)
    lines.push(
      `  not recorded for ${unrecorded} of the shards (no run.json in their folders): their filters, --quick and --no-stop`,
    )
  const known = !manner.shards || unrecorded < manner.shards.length
  if (manner.command !== 'client' && known)
    lines.push(
      `  ${manner.quick ? '--quick: no expiry was waited for (those rules not tested)' : 'expiries waited for (no --quick)'}; ` +
        (manner.noStop
          ? '--no-stop: every test ran whatever a foundation step did'
          : 'a failed foundation step stops the tests that need it'),
    )
  if (manner.shards) lines.push(`  ${shardsLine(manner.shards)}`)
  return lines
}

function argumentsOf(manner: RunManner): string {
  const given = [...manner.arguments, ...(manner.shards ?? []).flatMap((shard) => shard.arguments)]
  return given.length > 0 ? ` (given: ${[...new Set(given)].join(' ')})` : ''
}

function shardsLine(shards: readonly RunManner[]): string {
  const named = shards.map((s) =>
    s.shard ? `${s.shard.index}/${s.shard.total}` : 'a shard of unknown index',
  )
  const total = shards.find((s) => s.shard)?.shard?.total
  const missing = total
    ? Array.from({ length: total }, (_, i) => i + 1).filter((i) => !shards.some((s) => s.shard?.index === i))
    : []
  const recorded = shards.filter((s) => !s.unrecorded)
  const apart = new Set(recorded.map((s) => `${s.quick} ${s.noStop} ${s.arguments.join(' ')}`)).size > 1
  return [
    `merged from ${shards.length} shard${shards.length === 1 ? '' : 's'}: ${named.join(', ')}`,
    missing.length > 0 ? `; missing: ${missing.map((i) => `${i}/${total}`).join(', ')}` : '',
    apart ? '; the shards were run with different options' : '',
  ].join('')
}

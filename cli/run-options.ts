import { EXIT } from '../reports/src/exit-status.ts'

/** A command-line mistake: exit status 2, with the message. */
export class UsageError extends Error {
  override name = 'UsageError'
}

/** The exit status of a mistake in the set-up (the command line, a file it names), before anything runs. */
export const CONFIGURATION_EXIT = EXIT.couldNotStart

export interface RunOptions {
  target?: string
  output?: string
  baseline?: string
  shard?: { index: number; total: number }
  quick: boolean
  /** Run every test even when a foundation step fails (conformance/harness/foundations/). */
  noStop: boolean
  reporter?: string
  help: boolean
  /** Everything else, for Playwright. */
  playwrightArgs: string[]
}

/** Reads the options of `run`; every other argument is Playwright's. */
export function parseRunOptions(argv: readonly string[]): RunOptions {
  const args = [...argv]
  const take = (name: string) => takeOption(args, name)
  const shard = take('--shard')
  const options: RunOptions = {
    target: take('--target'),
    output: take('--output'),
    baseline: take('--baseline'),
    shard: shard === undefined ? undefined : parseShard(shard),
    quick: takeFlag(args, '--quick'),
    noStop: takeFlag(args, '--no-stop'),
    reporter: take('--reporter'),
    help: takeFlag(args, '--help') || takeFlag(args, '-h'),
    playwrightArgs: args,
  }
  return options
}

function parseShard(value: string): RunOptions['shard'] {
  const match = /^(\d+)\/(\d+)$/.exec(value)
  const index = Number(match?.[1])
  const total = Number(match?.[2])
  if (!match || index < 1 || total < 1 || index > total)
    throw new UsageError(
      `--shard: expected I/N with 1 <= I <= N, e.g. --shard 1/2 (got ${JSON.stringify(value)})`,
    )
  return { index, total }
}

/** Removes `--name value` or `--name=value` from args and returns the value; undefined when absent. */
export function takeOption(args: string[], name: string): string | undefined {
  const at = args.findIndex((arg) => arg === name || arg.startsWith(`${name}=`))
  if (at === -1) return undefined
  const [arg] = args.splice(at, 1)
  if (arg !== name) {
    const value = arg!.slice(name.length + 1)
    if (value === '') throw new UsageError(`${name}: a value is missing`)
    return value
  }
  const value = args[at]
  if (value === undefined || value.startsWith('-')) throw new UsageError(`${name}: a value is missing`)
  args.splice(at, 1)
  return value
}

export function takeFlag(args: string[], name: string): boolean {
  const at = args.indexOf(name)
  if (at === -1) return false
  args.splice(at, 1)
  return true
}

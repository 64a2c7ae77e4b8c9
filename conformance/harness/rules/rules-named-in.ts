const PREFIX = /^\[([A-Z0-9-]+)\]/

/** Rules named in a message's `[RULE-ID]` prefixes (an assertion message may be wrapped by expect's output). */
export function rulesNamedIn(message: string): string[] {
  const named = message
    .split('\n')
    .map((line) => PREFIX.exec(line.replace(/^\s*([A-Za-z]*Error:\s*)?/, ''))?.[1])
    .filter((id): id is string => Boolean(id))
  return [...new Set(named)]
}

// Playwright colours messages; the `[RULE-ID]` prefixes must start their line to be read.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g')

/** An error of Playwright's (a test's, or the run's) as plain text. */
export function plainErrorMessage(error: { message?: string; value?: unknown }): string {
  return (error.message ?? String(error.value ?? '')).replace(ANSI, '')
}

import { testLabel } from './client-scenarios.ts'
import { isClientVerdict } from './graded-subject.ts'
import type { RuleVerdict } from './verdict.ts'
import type { VerdictDocument } from './verdict-document.ts'

// Playwright's matcher block: `expect(received).toBe(expected) // Object.is equality`, then Expected/Received lines.
const MATCHER_LINE = /^expect\(received\)[^\n]*$/
const VALUE_LINE = /^(Expected|Received)(?: [a-z]+)?: (.*)$/
// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colours are what is removed.
const ANSI = /\u001b\[[0-9;]*m/g

/** One failure as a reader needs it: which test, and what the server answered against what the spec requires. */
export interface ReadableFailure {
  test: string
  text: string
}

/**
 * Splits a rule's failure into its test's title and its message, without Playwright's matcher noise: the
 * suite's own message already says what was required and what the server answered (`... -> 200 {...}`), so the
 * `Expected:/Received:` lines go; where it does not, they are kept as one line, unless they only compare
 * booleans (`Expected: true / Received: false` says nothing the message does not).
 */
export function readableFailure(
  r: Pick<RuleVerdict, 'failedIn'> & { rule?: { id: string } },
  failure: string,
): ReadableFailure {
  const test = r.failedIn.find((title) => failure.startsWith(`${title}: `))
  // The `[RULE-ID]` prefix attributes the failure to the rule it is shown under: said once is enough, and on the
  // later lines of a failure of several findings, that rule's prefix goes too (another rule's stays: it says more).
  const message = (test ? failure.slice(test.length + 2) : failure)
    .replace(ANSI, '')
    .replace(/^Error: /, '')
    .replace(/^\[[A-Z0-9-]+(?:#[a-z0-9-]+)?\] /, '')
  const own = r.rule ? `[${r.rule.id}] ` : undefined
  const lines = message
    .split('\n')
    .map((line) => (own && line.startsWith(own) ? line.slice(own.length) : line))
  const values = lines.map((line) => VALUE_LINE.exec(line)).filter((match) => match !== null)
  const kept = lines.filter((line) => !MATCHER_LINE.test(line) && !VALUE_LINE.test(line))
  const head = kept[0] ?? ''
  const expected = values.find((match) => match[1] === 'Expected')?.[2]
  const received = values.find((match) => match[1] === 'Received')?.[2]
  const saysAnswer = / -> \d{3}\b/.test(head)
  const booleans = [expected, received].every((value) => value === 'true' || value === 'false')
  if (!saysAnswer && !booleans && expected !== undefined && received !== undefined)
    kept.splice(1, 0, `(expected ${expected}, got ${received})`)
  return {
    test: test ?? '',
    text: kept
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
  }
}

/**
 * A rule's failures as a reader needs them: each text once, with the tests (a client's: the scenarios) that
 * failed with it.
 */
export function failureTexts(
  d: Pick<VerdictDocument, 'subject'>,
  r: RuleVerdict,
): { tests: string[]; text: string }[] {
  const label = testLabel(d)
  const byText = new Map<string, string[]>()
  for (const failure of r.failures) {
    const { test, text } = readableFailure(r, failure)
    const tests = byText.get(text) ?? []
    if (test) tests.push(label(test))
    byText.set(text, tests)
  }
  return [...byText].map(([text, tests]) => ({ tests, text }))
}

/** `In scenarios a, b` (a client's), `In <test>, <test>` (a server's). */
export function failedWhere(d: Pick<VerdictDocument, 'subject'>, tests: readonly string[]): string {
  if (!isClientVerdict(d)) return `In ${tests.join(', ')}`
  return `In ${tests.length > 1 ? 'scenarios' : 'scenario'} ${tests.join(', ')}`
}

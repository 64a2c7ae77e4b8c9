import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SIGNATURE_CHECKS, type SignatureCheck } from '../src/http-signatures/checks.ts'

/**
 * Proves the suite's signature matrix notices a verifier that skips a check: runs the matrix against the
 * reference server once per signature check, with only that check turned off (SIGNATURE_CHECKS_DISABLED),
 * and prints which rows turned red. Exits non-zero when a MUST-level check can be dropped unnoticed.
 *
 *   npm run mutants:signatures [-- check ...]
 */

// RFC 9421 leaves freshness to the verifier and RFC 8941 lets the last of duplicate labels win, so the suite
// only warns about either (decisions.md): dropping those checks must show as warnings, not red rows.
const WARNING_ONLY: ReadonlySet<SignatureCheck> = new Set(['created', 'labels'])

interface JsonSpec {
  title: string
  tests: { annotations: { type: string; description?: string }[]; results: { status: string }[] }[]
}
interface JsonSuite {
  title: string
  specs?: JsonSpec[]
  suites?: JsonSuite[]
}

interface Outcome {
  red: string[]
  warned: string[]
  passed: number
}

function outcomeOf(report: { suites: JsonSuite[] }): Outcome {
  const outcome: Outcome = { red: [], warned: [], passed: 0 }
  const visit = (suite: JsonSuite, path: string[]) => {
    // The outermost suite of each file is titled with its path: leave it out of the row titles.
    const here = suite.title.endsWith('.ts') ? path : [...path, suite.title]
    for (const spec of suite.specs ?? []) {
      const title = [...here, spec.title].join(' › ')
      for (const test of spec.tests) {
        const status = test.results.at(-1)?.status
        if (status === 'failed' || status === 'timedOut') outcome.red.push(title)
        else if (status === 'passed') {
          outcome.passed++
          if (test.annotations.some((a) => a.type === 'warning')) outcome.warned.push(title)
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, here)
  }
  for (const suite of report.suites) visit(suite, [])
  return outcome
}

function runMatrix(disabled: string, port: number): Outcome {
  const dir = mkdtempSync(join(tmpdir(), 'signature-mutant-'))
  const jsonFile = join(dir, 'report.json')
  const run = spawnSync(
    'npx',
    ['playwright', 'test', 'conformance/tests/signatures.spec.ts', '--reporter=json'],
    {
      encoding: 'utf8',
      env: {
        ...process.env,
        SIGNATURE_CHECKS_DISABLED: disabled,
        REFERENCE_PORT: String(port),
        REPORT_DIR: dir,
        PLAYWRIGHT_JSON_OUTPUT_NAME: jsonFile,
      },
    },
  )
  try {
    return outcomeOf(JSON.parse(readFileSync(jsonFile, 'utf8')))
  } catch {
    throw new Error(`the run with SIGNATURE_CHECKS_DISABLED=${disabled} left no report:\n${run.stderr}`)
  }
}

const known = Object.keys(SIGNATURE_CHECKS) as SignatureCheck[]
const asked = process.argv.slice(2)
const unknown = asked.filter((name) => !known.includes(name as SignatureCheck))
if (unknown.length > 0) {
  console.error(`unknown checks: ${unknown.join(', ')}; known: ${known.join(', ')}`)
  process.exit(2)
}
const port = Number(process.env.REFERENCE_PORT ?? 3460)
let unnoticed = 0

const control = runMatrix('', port)
console.log(`all checks on: ${control.passed} passed, ${control.red.length} red (must be 0)`)
if (control.red.length > 0) unnoticed++

for (const check of (asked.length > 0 ? asked : known) as SignatureCheck[]) {
  const { red, warned } = runMatrix(check, port)
  const expected = WARNING_ONLY.has(check) ? 'warnings' : 'red rows'
  const noticed = WARNING_ONLY.has(check) ? warned.length > 0 : red.length > 0
  if (!noticed) unnoticed++
  console.log(
    `\n${check} off: ${red.length} red, ${warned.length} warned -> ${noticed ? 'noticed' : `UNNOTICED (expected ${expected})`}`,
  )
  for (const title of red) console.log(`  red   ${title}`)
  for (const title of warned) console.log(`  warn  ${title}`)
}
process.exit(unnoticed === 0 ? 0 : 1)

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WARNING_ANNOTATION } from '../../conformance/rules/covers.ts'
import { SIGNATURE_CHECKS, type SignatureCheck } from '../src/http-signatures/checks.ts'
import { runSuite } from './suite-run.ts'

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

interface Outcome {
  red: string[]
  warned: string[]
  passed: number
}

async function runMatrix(disabled: string, port: number): Promise<Outcome> {
  const dir = mkdtempSync(join(tmpdir(), 'signature-mutant-'))
  try {
    const run = await runSuite({
      cwd: process.cwd(),
      specs: ['conformance/tests/signatures.spec.ts'],
      reportDir: dir,
      env: { SIGNATURE_CHECKS_DISABLED: disabled, REFERENCE_PORT: String(port) },
    })
    const outcome: Outcome = { red: [], warned: [], passed: 0 }
    for (const test of run.tests) {
      if (test.status === 'failed' || test.status === 'timedOut') outcome.red.push(test.title)
      else if (test.status === 'passed') {
        outcome.passed++
        if (test.annotations.some((a) => a.type === WARNING_ANNOTATION)) outcome.warned.push(test.title)
      }
    }
    return outcome
  } catch (error) {
    throw new Error(`the run with SIGNATURE_CHECKS_DISABLED=${disabled} failed: ${String(error)}`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
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

const control = await runMatrix('', port)
console.log(`all checks on: ${control.passed} passed, ${control.red.length} red (must be 0)`)
if (control.red.length > 0) unnoticed++

for (const check of (asked.length > 0 ? asked : known) as SignatureCheck[]) {
  const { red, warned } = await runMatrix(check, port)
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

import { WARNING_ANNOTATION } from '../../conformance/harness/rules/covers.ts'
import type { SignatureCheck } from '../../reference-server/src/http-signatures/checks.ts'
import {
  SIGNED_ROUTES,
  type SignedRoute,
} from '../../reference-server/src/http-signatures/unchecked-route.ts'
import type { RuleVerdict } from '../../reports/src/verdict.ts'
import { caughtRefs, type RunProof, recordRun, toleratedRefs } from './rule-proof-record.ts'
import {
  checkMutant,
  routeMutant,
  SIGNATURE_CATALOGUE,
  SIGNATURE_CHECK_NAMES,
} from './signature-catalogue.ts'
import { failedRules, rulesWithStatus, ruleVerdicts } from './suite-run.ts'
import { brokenBecause, commit, runEditedTree } from './tree-run.ts'

/**
 * Proves the suite's signature matrices notice a verifier that skips a check, or skips one route:
 *
 *   npm run mutants:signatures [-- check ...]          one run per signature check turned off everywhere
 *                                                      (SIGNATURE_CHECKS_DISABLED), against the resource matrix
 *   npm run mutants:signatures -- routes [route ...]   one run per signed route left unverified
 *                                                      (SIGNATURE_UNCHECKED_ROUTE), its rows of the matrix only
 *
 * and prints which rows turned red. Exits non-zero when a MUST-level check or a route can be dropped unnoticed.
 * Each run is of the committed tree (a temporary copy), and what it failed is kept in reports/rule-proof.jsonl as
 * the proof of the rules it turned red (rule-proof-record.ts), unless the run with every check on failed too.
 */

// RFC 9421 leaves freshness to the verifier and RFC 8941 lets the last of duplicate labels win, so the suite
// only warns about either (decisions.md): dropping those checks must show as warnings, not red rows.
const WARNING_ONLY: ReadonlySet<SignatureCheck> = new Set(['created', 'labels'])

const RESOURCE_MATRIX = 'conformance/tests/signatures.spec.ts'
const GRANT_MATRIX = 'conformance/tests/signatures-grant-endpoints.spec.ts'

/** Where each route's rows are: the spec file and a --grep of their describe titles. */
const ROUTE_ROWS: Record<SignedRoute, { spec: string; grep: string }> = {
  'POST /incoming-payments': { spec: RESOURCE_MATRIX, grep: 'matrix create-incoming-payment ' },
  'GET /incoming-payments': { spec: RESOURCE_MATRIX, grep: 'matrix list-incoming-payments ' },
  'GET /incoming-payments/:id': { spec: RESOURCE_MATRIX, grep: 'matrix get-incoming-payment ' },
  'POST /incoming-payments/:id/complete': {
    spec: RESOURCE_MATRIX,
    grep: 'matrix complete-incoming-payment ',
  },
  'POST /quotes': { spec: RESOURCE_MATRIX, grep: 'matrix create-quote ' },
  'GET /quotes/:id': { spec: RESOURCE_MATRIX, grep: 'matrix get-quote ' },
  'POST /outgoing-payments': { spec: RESOURCE_MATRIX, grep: 'matrix create-outgoing-payment ' },
  'GET /outgoing-payments': { spec: RESOURCE_MATRIX, grep: 'matrix list-outgoing-payments ' },
  'GET /outgoing-payments/:id': { spec: RESOURCE_MATRIX, grep: 'matrix get-outgoing-payment ' },
  'GET /outgoing-payment-grant': { spec: RESOURCE_MATRIX, grep: 'matrix get-outgoing-payment-grant ' },
  'POST /': { spec: GRANT_MATRIX, grep: 'grant request \\(POST authServer\\)' },
  'POST /continue/:id': { spec: GRANT_MATRIX, grep: 'continue \\(POST continue\\.uri\\)' },
  'DELETE /continue/:id': { spec: GRANT_MATRIX, grep: 'revoke grant \\(DELETE continue\\.uri\\)' },
  'POST /token/:id': { spec: GRANT_MATRIX, grep: 'rotate \\(POST manage\\)' },
  'DELETE /token/:id': { spec: GRANT_MATRIX, grep: 'revoke token \\(DELETE manage\\)' },
}

interface Outcome {
  red: string[]
  /** The rules the verdict fails for the red rows. */
  failed: string[]
  warned: string[]
  passed: number
  verdicts: RuleVerdict[]
  /** The rules the verdict warns on. */
  warnedRules: string[]
}

async function runMatrix(
  env: Record<string, string>,
  port: number,
  specs: string[],
  grep?: string,
): Promise<Outcome> {
  const run = await runEditedTree('signature-mutant', [], specs, port, {
    env,
    ...(grep === undefined ? {} : { grep }),
  })
  const broken = brokenBecause(run)
  if (broken !== undefined || run instanceof Error)
    throw new Error(`the run with ${JSON.stringify(env)} broke:\n  ${(broken ?? []).join('\n  ')}`)
  const outcome: Outcome = {
    red: [],
    failed: failedRules(run),
    warned: [],
    passed: 0,
    verdicts: ruleVerdicts(run),
    warnedRules: rulesWithStatus(run, 'warning'),
  }
  for (const test of run.tests) {
    if (test.status === 'failed' || test.status === 'timedOut') outcome.red.push(test.title)
    else if (test.status === 'passed') {
      outcome.passed++
      if (test.annotations.some((a) => a.type === WARNING_ANNOTATION)) outcome.warned.push(test.title)
    }
  }
  return outcome
}

/**
 * Keeps what a run proved: the rules it failed (beyond those the control run failed); for a check the suite only
 * warns about, the rules it warned on, which tolerate it; nothing when it went unnoticed, and no line at all when
 * the control run failed too.
 */
function record(
  { id, description }: { id: string; description: string },
  outcome: Outcome,
  noticed: boolean,
  control: Outcome,
): void {
  if (control.red.length > 0) return
  const proof: RunProof = !noticed
    ? 'drop'
    : outcome.red.length > 0
      ? { description, caught: caughtRefs(outcome.verdicts, control.failed), tolerated: [] }
      : { description, caught: [], tolerated: toleratedRefs(outcome.verdicts, outcome.warnedRules) }
  recordRun(
    'signature',
    SIGNATURE_CATALOGUE.map((entry) => entry.id),
    id,
    proof,
    commit,
  )
}

function report(what: string, { red, failed, warned }: Outcome, noticed: boolean, expected: string): void {
  console.log(
    `\n${what}: ${red.length} red, ${warned.length} warned -> ${noticed ? 'noticed' : `UNNOTICED (expected ${expected})`}` +
      (failed.length > 0 ? `; rules failed: ${failed.join(', ')}` : ''),
  )
  for (const title of red) console.log(`  red   ${title}`)
  for (const title of warned) console.log(`  warn  ${title}`)
}

const port = Number(process.env.REFERENCE_PORT ?? 3460)
const [mode, ...rest] = process.argv.slice(2)
let unnoticed = 0

if (mode === 'routes') {
  const unknown = rest.filter((route) => !(SIGNED_ROUTES as readonly string[]).includes(route))
  if (unknown.length > 0) {
    console.error(`unknown routes: ${unknown.join(', ')}; known: ${SIGNED_ROUTES.join(', ')}`)
    process.exit(2)
  }
  const control = await runMatrix({}, port, [RESOURCE_MATRIX, GRANT_MATRIX])
  console.log(`every route checked: ${control.passed} passed, ${control.red.length} red (must be 0)`)
  if (control.red.length > 0) unnoticed++
  for (const route of (rest.length > 0 ? rest : SIGNED_ROUTES) as SignedRoute[]) {
    const { spec, grep } = ROUTE_ROWS[route]
    const outcome = await runMatrix({ SIGNATURE_UNCHECKED_ROUTE: route }, port, [spec], grep)
    const noticed = outcome.red.length > 0
    if (!noticed) unnoticed++
    report(routeMutant(route).id, outcome, noticed, 'red rows')
    record(routeMutant(route), outcome, noticed, control)
  }
} else {
  const asked = mode === undefined ? [] : [mode, ...rest]
  const known = SIGNATURE_CHECK_NAMES
  const unknown = asked.filter((name) => !known.includes(name as SignatureCheck))
  if (unknown.length > 0) {
    console.error(`unknown checks: ${unknown.join(', ')}; known: ${known.join(', ')} (or "routes")`)
    process.exit(2)
  }
  const control = await runMatrix({}, port, [RESOURCE_MATRIX])
  console.log(`all checks on: ${control.passed} passed, ${control.red.length} red (must be 0)`)
  if (control.red.length > 0) unnoticed++
  for (const check of (asked.length > 0 ? asked : known) as SignatureCheck[]) {
    const outcome = await runMatrix({ SIGNATURE_CHECKS_DISABLED: check }, port, [RESOURCE_MATRIX])
    const noticed = WARNING_ONLY.has(check) ? outcome.warned.length > 0 : outcome.red.length > 0
    if (!noticed) unnoticed++
    report(checkMutant(check).id, outcome, noticed, WARNING_ONLY.has(check) ? 'warnings' : 'red rows')
    record(checkMutant(check), outcome, noticed, control)
  }
}
process.exit(unnoticed === 0 ? 0 : 1)

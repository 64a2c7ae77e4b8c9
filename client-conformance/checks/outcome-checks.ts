import { isContinuation, pathOf, requestJson, responseJson } from '../recorded-traffic.ts'
import type { Check, RuleOutcome, Violation } from './check.ts'
import { budgetViolation } from './request-budget.ts'
import { amountsIn } from './request-form-checks.ts'
import { validationRefusal } from './sdk-validation.ts'

/** One judgement of the scenario's outcome (not of requests): `passed` says what held. */
const outcome = (rule: RuleOutcome['rule'], violations: Violation[], passed: string): RuleOutcome[] => [
  { rule, observed: 1, violations, passed },
]

/** The adapter ran the scenario and reported: every step succeeded, or it stopped where the fault must stop it. */
export const completes: Check = (run) => {
  const { report, problem, stoppedAfterSilence } = run.run
  if (problem) return outcome('CL-COMPLETES', [{ message: problem }], '')
  if (stoppedAfterSilence || !report)
    return outcome('CL-COMPLETES', [], 'the client stayed silent where the scenario expects it to stop')
  const steps = run.scenario.steps(run.ase)
  const failed = report.steps.find((step) => !step.ok)
  const failsAt = run.scenario.failsAt
  const violations: Violation[] = []
  // A client may tell its caller about the 401 of a revoked token rather than get a new grant.
  const stoppedAtRefusal = failed?.op === run.scenario.mayStopAt && failed?.error?.status === 401
  if (failed && failed.op !== failsAt && !stoppedAtRefusal) {
    // What the client's own validation refused comes first: it is what the reader must see in the headline.
    const refusal = validationRefusal(failed)
    violations.push({
      message: `step ${failed.op} failed: ${refusal ? `${refusal}. ` : ''}${failed.error?.message ?? 'no error given'}${failed.error?.status ? ` (${failed.error.status} ${failed.error.code ?? ''})` : ''}${failed.error?.description ? `: ${failed.error.description}` : ''}`,
    })
  } else if (!failed && failsAt) violations.push({ message: `step ${failsAt} succeeded where it must fail` })
  else if (!failed && report.steps.length !== steps.length)
    violations.push({ message: `the report has ${report.steps.length} steps, the scenario ${steps.length}` })
  // A report is what the client says; the ASE's recording is what it did.
  const claimed = report.steps.filter((step) => step.ok && step.op !== 'wait')
  if (claimed.length > 0 && run.exchanges.length === 0)
    violations.push({
      message: `the report says ${claimed.map((step) => step.op).join(', ')} succeeded, but the ASE received no request from the client`,
    })
  return outcome(
    'CL-COMPLETES',
    violations,
    'the adapter ran the scenario as expected and reported per the schema',
  )
}

/** With a wrong finish hash, no continuation is received (silence until the adapter stops). */
export const finishHashVerified: Check = (run) => {
  if (run.run.redirects.length === 0)
    return [
      { rule: 'CL-FINISH-HASH', observed: 0, violations: [], unobservedReason: 'no interaction took place' },
    ]
  const continued = run.exchanges.filter(isContinuation)
  return outcome(
    'CL-FINISH-HASH',
    continued.map((exchange) => ({
      message: `continued the grant (${exchange.request.url}) after a finish redirect whose hash was wrong`,
      exchange,
    })),
    'no continuation followed the redirect with the wrong hash',
  )
}

/** The refused step reports the status and error code, and nothing is paid after it. */
export const errorSurfaced: Check = (run) => {
  const refused = run.exchanges.find((exchange) => exchange.fault !== undefined)
  if (!refused || !run.run.report)
    return [
      {
        rule: 'CL-ERROR-SURFACED',
        observed: 0,
        violations: [],
        unobservedReason: 'the refused request was never made',
      },
    ]
  const envelope = responseJson(refused)?.error as { code: string }
  const step = run.run.report.steps.find((s) => s.op === run.scenario.failsAt)
  const violations: Violation[] = []
  if (!step || step.ok) violations.push({ message: `step ${run.scenario.failsAt} was reported as succeeded` })
  else if (step.error?.status !== refused.response.status || step.error?.code !== envelope.code)
    violations.push({
      message: `step ${step.op} reported ${JSON.stringify(step.error)}, not status ${refused.response.status} with code ${envelope.code}`,
      exchange: refused,
    })
  const after = run.exchanges.filter(
    (exchange) =>
      exchange.seq > refused.seq &&
      (pathOf(exchange).startsWith('/outgoing-payments') ||
        /outgoing-payment/.test(new TextDecoder().decode(exchange.request.body ?? new Uint8Array()))),
  )
  for (const exchange of after)
    violations.push({
      message: `went on to ${exchange.request.method} ${exchange.request.url} after the refusal`,
      exchange,
    })
  return outcome(
    'CL-ERROR-SURFACED',
    violations,
    'the failed step reported the status and code, and nothing followed',
  )
}

/** The list reports every item the setup created, once each, within the scenario's request budget. */
export const listWalked: Check = (run) => {
  const looping = budgetViolation(run.exchanges.length)
  if (looping) return outcome('CL-LIST-WALK', [looping], '')
  const listed = run.setup.listed ?? []
  const step = run.run.report?.steps.find((s) => s.op.startsWith('list-'))
  if (!step?.ok)
    return [
      {
        rule: 'CL-LIST-WALK',
        observed: 0,
        violations: [],
        unobservedReason: 'the list step did not succeed',
      },
    ]
  const items = step.items ?? []
  const seen = new Set(items)
  const missing = listed.filter((id) => !seen.has(id))
  const violations: Violation[] = []
  if (items.length !== seen.size)
    violations.push({ message: `${items.length - seen.size} items reported twice` })
  if (missing.length > 0)
    violations.push({
      message: `${missing.length} of the ${listed.length} incoming payments are missing, e.g. ${missing[0]}`,
    })
  return outcome('CL-LIST-WALK', violations, `every one of the ${listed.length} items reported once`)
}

/** Amounts sent are those the scenario gave; amounts reported are those the server returned. */
export const amountsExact: Check = (run) => {
  const violations: Violation[] = []
  let observed = 0
  const steps = run.scenario.steps(run.ase)
  for (const exchange of run.exchanges) {
    const sent = requestJson(exchange)?.incomingAmount as { value?: unknown } | undefined
    if (!sent || exchange.request.method !== 'POST') continue
    const given = steps.flatMap((step) =>
      step.op === 'create-incoming-payment' && step.incomingAmount ? [step.incomingAmount] : [],
    )[0]
    if (!given) continue
    observed++
    if (sent.value !== given.value)
      violations.push({
        message: `sent incomingAmount.value ${JSON.stringify(sent.value)} for ${given.value}`,
        exchange,
      })
  }
  // A resource changes (an incoming payment receives): any value the server returned for it is a faithful one.
  for (const step of run.run.report?.steps ?? []) {
    if (!step.ok || !step.id || !step.resource) continue
    const answers = run.exchanges.filter((e) => responseJson(e)?.id === step.id)
    const returned = answers.flatMap((e) => amountsIn(responseJson(e)))
    for (const reported of amountsIn(step.resource)) {
      const values = returned.filter((a) => a.at === reported.at).map((a) => a.value)
      if (values.length === 0) continue
      observed++
      if (!values.includes(reported.value))
        violations.push({
          message: `step ${step.op} reported ${reported.at}.value ${JSON.stringify(reported.value)}; the server returned ${[...new Set(values)].map((v) => JSON.stringify(v)).join(' or ')}`,
          exchange: answers.at(-1),
        })
    }
  }
  return [{ rule: 'CL-AMOUNT-EXACT', observed, violations }]
}

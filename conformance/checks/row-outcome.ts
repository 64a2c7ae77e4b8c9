import type { Exchange } from '../../clients/src/index.ts'
import { expect } from '../harness/expect/conformance-expect.ts'
import { summarize } from '../harness/http/format-exchange.ts'
import { ResponseCheckError } from '../harness/http/response-checks.ts'
import { rule } from '../harness/rules/covers.ts'
import type { RuleId } from '../harness/rules/registry.ts'
import { warn } from '../harness/rules/warn.ts'
import type { SignatureRow } from '../steps/signature-matrix.ts'
import { expectRefusedWithoutEffect } from './refusals.ts'

export interface RowExpectation {
  /** The rule a refusal is owed to (the row's own, or the endpoint's for the authorization server). */
  rule: RuleId
  what: string
  /** The statuses a correct server may refuse this row with on this endpoint. */
  statuses: readonly number[]
  tookEffect?: () => Promise<boolean>
  control: () => Promise<Exchange>
  controlStatus: number
}

/**
 * Sends a must-refuse row's request. An answer the automatic checks stop on (a 422 without the error envelope)
 * is still judged by the row's rule first: neither a refusal the row allows nor an acceptance, it fails that
 * rule beside the automatic check's failure, where before the row stopped on ERR-ENVELOPE and the rule passed on
 * its other rows. An acceptance is left to the caller where the operation has a public view a 200 may be.
 */
export async function sendRow(
  row: SignatureRow,
  send: () => Promise<Exchange>,
  expected: { rule: RuleId; what: string; statuses: readonly number[]; publicView: boolean },
): Promise<Exchange> {
  try {
    return await send()
  } catch (error) {
    const answered = error instanceof ResponseCheckError ? error.exchange : undefined
    const judged = answered && (answered.response.status >= 300 || !expected.publicView)
    if (judged && 'refuse' in row.outcome)
      expect
        .soft(answered)
        .toAnswer(expected.statuses, expected.rule, `${expected.what} (${row.reason}) is refused`)
    throw error
  }
}

/**
 * A must-refuse row: refused, nothing happened, and the same request correctly signed succeeds. A row a
 * correct verifier may accept: acceptance is a warning, a refusal must still be a 4xx, and the control runs.
 */
export async function expectRowOutcome(
  row: SignatureRow,
  tampered: Exchange,
  expected: RowExpectation,
): Promise<void> {
  if ('refuse' in row.outcome) {
    await expectRefusedWithoutEffect(tampered, {
      ...expected,
      what: `${expected.what} (${row.reason})`,
      controlWhat: 'the same request correctly signed',
    })
    return
  }
  const [ruleId] = row.rules
  const { status } = tampered.response
  // Accepted, the request has shown it is otherwise correct; sending it again could be refused for having
  // already done its work (a quote pays once), so the control runs only after a refusal.
  if (status < 300) {
    warn(ruleId, `${expected.what} was accepted (${status}): ${row.reason}`)
    return
  }
  expect(status, rule(ruleId, `${expected.what}: a refusal is a 4xx: ${summarize(tampered)}`)).toBeLessThan(
    500,
  )
  const control = await expected.control()
  expect(control).toAnswer(expected.controlStatus, ruleId, 'positive control')
}

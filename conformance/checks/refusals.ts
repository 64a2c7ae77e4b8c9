import type { Exchange } from '../../clients/src/index.ts'
import { expect } from '../harness/expect/conformance-expect.ts'
import { summarize } from '../harness/http/format-exchange.ts'
import { rule } from '../harness/rules/covers.ts'
import type { RuleRef } from '../harness/rules/registry.ts'
import { warn } from '../harness/rules/warn.ts'

export interface Refusal {
  rule: RuleRef
  /** The request, for the messages ("a quote token on POST /incoming-payments"). */
  what: string
  /** Every status a correct server may answer with (decisions.md gives the sets). */
  statuses: readonly number[]
}

/**
 * A refusal judged by a check of its own, where "one of these statuses with the error envelope" does not say it
 * (an answer that must carry WWW-Authenticate, or a public view a correct server may give instead).
 */
export interface JudgedRefusal {
  rule: RuleRef
  what: string
  judge: (refused: Exchange) => void
}

export type RefusalWithoutEffect = (Refusal | JudgedRefusal) & {
  /**
   * Whether the request took effect: created what it asks for, or changed what it acts on. Asked after the
   * refused request (it must answer false) and after the positive control (it should answer true, else the
   * probe could not have seen an effect and "nothing happened" is unproven: a warning).
   */
  tookEffect?: () => Promise<boolean>
  /** The same request made correct; it must answer `status`. */
  control: () => Promise<Exchange>
  controlStatus: number
  /** What makes the control correct, for its message ("the same request correctly signed"). */
  controlWhat: string
}

/** One of the accepted statuses, with the error envelope `{error: {code}}` of resource and GNAP endpoints. */
export function expectRefusal(exchange: Exchange, refusal: Refusal): void {
  const { statuses, what } = refusal
  expect(exchange).toAnswer(statuses, refusal.rule, `${what} is refused`)
  const code = (exchange.response.json as { error?: { code?: unknown } } | undefined)?.error?.code
  expect(
    typeof code,
    rule(
      refusal.rule,
      `${what}: the refusal carries the error envelope {error: {code}}: ${summarize(exchange)}`,
    ),
  ).toBe('string')
}

/**
 * The whole negative case: refused with an accepted status and the envelope, nothing created or changed, and
 * a positive control (the same request made correct succeeds), so the check can fail both ways.
 */
export async function expectRefusedWithoutEffect(
  refused: Exchange,
  expected: RefusalWithoutEffect,
): Promise<Exchange> {
  if ('judge' in expected) expected.judge(refused)
  else expectRefusal(refused, expected)
  if (expected.tookEffect) {
    expect(
      await expected.tookEffect(),
      rule(expected.rule, `${expected.what} was refused, so it created or changed nothing`),
    ).toBe(false)
  }
  const control = await expected.control()
  expect(control).toAnswer(expected.controlStatus, expected.rule, `positive control, ${expected.controlWhat}`)
  if (expected.tookEffect && !(await expected.tookEffect())) {
    warn(
      expected.rule,
      `the probe does not show what the positive control did: "nothing happened" is unproven`,
    )
  }
  return control
}

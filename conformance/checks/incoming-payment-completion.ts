import type { IncomingPayment } from '@interledger/open-payments'
import { expect } from '../harness/expect/conformance-expect.ts'
import { bodyOf } from '../harness/openapi/body-of.ts'
import { rule } from '../harness/rules/covers.ts'
import { warn } from '../harness/rules/warn.ts'
import type { ReceiverPayments } from '../steps/receiver-payments.ts'
import { coreFields } from './incoming-payment-checks.ts'
import { expectRefusal } from './refusals.ts'

/**
 * Completing a completed payment changes nothing. No transition leaves completed=true, and the spec gives no
 * error for this: a refusal (400 or 409) is expected, and a 200 that changes nothing is a warning
 * (docs/spec-decisions.md).
 */
export async function expectCompletingAgainChangesNothing(
  incoming: ReceiverPayments,
  completed: IncomingPayment,
): Promise<void> {
  const again = await incoming.complete(completed.id)
  if (again.response.status === 200) {
    expect(
      coreFields(bodyOf(again, 'incoming-payment')),
      rule('IP-COMPLETE#again-unchanged', 'a second complete answered 200 shows the payment unchanged'),
    ).toEqual(coreFields(completed))
    warn(
      'IP-COMPLETE#again-unchanged',
      `completing a completed incoming payment answered 200, not 400 or 409`,
    )
  } else {
    const what = 'completing a completed incoming payment'
    expectRefusal(again, { rule: 'IP-COMPLETE#again-unchanged', statuses: [400, 409], what })
  }
  const unchanged = await incoming.readBody(completed.id, 'IP-GET#found')
  expect(
    coreFields(unchanged),
    rule('IP-COMPLETE#again-unchanged', 'the second complete changed nothing'),
  ).toEqual(coreFields(completed))
}

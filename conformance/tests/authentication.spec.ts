import { randomUUID } from 'node:crypto'
import type { Discovery } from '../discovery/discovery.ts'
import { expect, test } from '../fixtures/conformance-test.ts'
import { summarize } from '../http/format-exchange.ts'
import {
  expectAuthorizationRequired,
  expectPublicView,
  expectTokenRefused,
} from '../resources/authentication-checks.ts'
import { OPERATION_CASES, type OperationCase } from '../resources/operation-cases.ts'
import { newMarker } from '../resources/resources.ts'
import { covers, rule } from '../rules/covers.ts'
import type { RuleId } from '../rules/registry.ts'
import { warn } from '../rules/warn.ts'

type Presentation = 'nothing' | 'bearer' | 'unknown'

const ROWS: { name: string; rules: RuleId[]; present: Presentation }[] = [
  { name: 'no Authorization header', rules: ['AUTH-REQUIRED', 'AUTH-WWW-AUTHENTICATE'], present: 'nothing' },
  {
    name: 'a valid token under the Bearer scheme',
    rules: ['AUTH-REQUIRED', 'AUTH-WWW-AUTHENTICATE'],
    present: 'bearer',
  },
  { name: 'a GNAP token the server never issued', rules: ['AUTH-TOKEN-INVALID'], present: 'unknown' },
]

test.describe('authentication of every resource operation', () => {
  for (const operationCase of OPERATION_CASES) {
    test.describe(operationCase.operation.operationId, () => {
      for (const { name, rules, present } of ROWS) {
        test(name, covers(...rules), async ({ api, resources, discovery, sharedGrants }) => {
          const context = { discovery, resources, sharedGrants, marker: newMarker() }
          const call = await operationCase.prepare(context)
          const what = `${call.method} ${new URL(call.url).pathname} with ${name}`
          const token = () => sharedGrants.token(operationCase.token)

          const refused =
            present === 'nothing'
              ? await api.send({ ...call, input: 'invalid' })
              : present === 'bearer'
                ? await api.send({
                    ...call,
                    headers: { authorization: `Bearer ${await token()}` },
                    input: 'invalid',
                  })
                : await api.send({ ...call, token: `unknown-${randomUUID()}`, input: 'invalid' })

          if (present === 'unknown') expectTokenRefused(refused, rules[0]!, what)
          else if (operationCase.publicView && refused.response.status === 200)
            expectPublicView(refused, what)
          else expectAuthorizationRequired(refused, addressedWallet(operationCase, discovery), what)

          const listing = operationCase.listing?.(context)
          if (listing) {
            const created = await resources.listed(listing, await token(), context.marker)
            expect(created, rule(rules[0]!, `${what} created nothing`)).toBe(false)
          }
          const control = await api.send({ ...call, token: await token() })
          expect(
            control.response.status,
            rule(rules[0]!, `positive control, the same call with a valid token: ${summarize(control)}`),
          ).toBe(operationCase.success)
          if (listing && !(await resources.listed(listing, await token(), context.marker))) {
            warn(
              rules[0]!,
              `the list does not show what the positive control created: "created nothing" is unproven`,
            )
          }
        })
      }
    })
  }
})

function addressedWallet(operationCase: OperationCase, discovery: Discovery) {
  return operationCase.token === 'incoming-payment' ? discovery.receiver : discovery.sender
}

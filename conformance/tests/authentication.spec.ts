import { randomUUID } from 'node:crypto'
import {
  expectAuthorizationRequired,
  expectPublicView,
  expectTokenRefused,
} from '../checks/authentication-checks.ts'
import { expectRefusedWithoutEffect } from '../checks/refusals.ts'
import { covers, type RuleId, test } from '../fixtures/conformance-test.ts'
import type { Discovery } from '../harness/discovery/discovery.ts'
import { OPERATION_CASES, type OperationCase } from '../steps/operation-cases.ts'
import { newMarker } from '../steps/resources.ts'

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

          const listing = operationCase.listing?.(context)
          await expectRefusedWithoutEffect(refused, {
            rule: rules[0]!,
            what,
            judge: (exchange) => {
              if (present === 'unknown') expectTokenRefused(exchange, rules[0]!, what)
              else if (operationCase.publicView && exchange.response.status === 200)
                expectPublicView(exchange, what)
              else expectAuthorizationRequired(exchange, addressedWallet(operationCase, discovery), what)
            },
            tookEffect: listing && (async () => resources.listed(listing, await token(), context.marker)),
            control: async () => api.send({ ...call, token: await token() }),
            controlStatus: operationCase.success,
            controlWhat: 'the same call with a valid token',
          })
        })
      }
    })
  }
})

function addressedWallet(operationCase: OperationCase, discovery: Discovery) {
  return operationCase.token === 'incoming-payment' ? discovery.receiver : discovery.sender
}

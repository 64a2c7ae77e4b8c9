import { randomUUID } from 'node:crypto'
import {
  expectAuthorizationRequired,
  expectPublicView,
  expectTokenRefused,
} from '../checks/authentication-checks.ts'
import { expectRefusedWithoutEffect } from '../checks/refusals.ts'
import {
  covers,
  type Discovery,
  OPERATION_CASES,
  type OperationCase,
  type ResourceCall,
  type RuleId,
  type SendOptions,
  test,
} from '../fixtures/conformance-test.ts'

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
        test(
          name,
          covers(...rules),
          async ({ api, resources, discovery, sharedGrants, prepareOperation }) => {
            const { context, alive, what } = await prepareOperation(operationCase, false)
            const token = () => sharedGrants.token(operationCase.token)
            // The token first: obtaining it (a renewal with consent) can take long enough to age the prepared
            // call, whose quote then expired on the way at a target answering seconds late.
            const valid = await token()
            const refused = await api.send(presented(present, await alive(), valid))
            const listing = operationCase.listing?.(context)
            await expectRefusedWithoutEffect(refused, {
              rule: rules[0]!,
              what: what(name),
              judge: (exchange) => {
                if (present === 'unknown') expectTokenRefused(exchange, rules[0]!, what(name))
                else if (operationCase.publicView && exchange.response.status === 200)
                  expectPublicView(exchange, what(name))
                else
                  expectAuthorizationRequired(exchange, addressedWallet(operationCase, discovery), what(name))
              },
              tookEffect: listing && (async () => resources.listed(listing, await token(), context.marker)),
              control: async () => {
                const current = await token()
                return api.send({ ...(await alive()), token: current })
              },
              controlStatus: operationCase.success,
              controlWhat: 'the same call with a valid token',
            })
          },
        )
      }
    })
  }
})

/** The call with the row's credentials: none, a valid token under the wrong scheme, or a token never issued. */
function presented(present: Presentation, call: ResourceCall, token: string): SendOptions {
  if (present === 'nothing') return { ...call, input: 'invalid' }
  if (present === 'bearer')
    return { ...call, headers: { authorization: `Bearer ${token}` }, input: 'invalid' }
  return { ...call, token: `unknown-${randomUUID()}`, input: 'invalid' }
}

function addressedWallet(operationCase: OperationCase, discovery: Discovery) {
  return operationCase.token === 'incoming-payment' ? discovery.receiver : discovery.sender
}

import type { Discovery } from '../discovery/discovery.ts'
import { expect, test } from '../fixtures/conformance-test.ts'
import { summarize } from '../http/format-exchange.ts'
import { type ResourceCall, resourceCalls } from '../resources/resource-calls.ts'
import { newMarker } from '../resources/resources.ts'
import { covers, rule } from '../rules/covers.ts'
import { warn } from '../rules/warn.ts'
import { defaultComponents, SIGNATURE_ROWS } from '../signatures/signature-matrix.ts'

interface SignedRequest {
  name: string
  hasBody: boolean
  success: number
  call(discovery: Discovery, marker: string): ResourceCall
  /** For a creating request: the list that would show what it created. */
  listing?(discovery: Discovery): ResourceCall
}

/** One request with a body and one without, both on the receiver with the shared incoming-payment grant. */
const REQUESTS: SignedRequest[] = [
  {
    name: 'POST /incoming-payments',
    hasBody: true,
    success: 201,
    call: (discovery, marker) => resourceCalls.createIncomingPayment(discovery.receiver, marker),
    listing: (discovery) => resourceCalls.listIncomingPayments(discovery.receiver, 100),
  },
  {
    name: 'GET /incoming-payments',
    hasBody: false,
    success: 200,
    call: (discovery) => resourceCalls.listIncomingPayments(discovery.receiver),
  },
]

test.describe('signature matrix', () => {
  for (const request of REQUESTS) {
    test.describe(request.name, () => {
      for (const row of SIGNATURE_ROWS.filter((r) => request.hasBody || !r.needsBody)) {
        test(
          row.name,
          covers(...row.rules),
          async ({ api, grants, resources, discovery, sharedGrants, clientIdentity }) => {
            const [ruleId] = row.rules
            const token = await sharedGrants.token('incoming-payment')
            const marker = newMarker()
            const call = request.call(discovery, marker)
            const tampering = await row.tamper({
              key: clientIdentity.key,
              components: defaultComponents(request.hasBody),
              otherToken: async () =>
                (await grants.incomingPayment(discovery.receiver)).grant.access_token.value,
              now: Math.floor(Date.now() / 1000),
            })

            const tampered = await api.send({ ...call, token, ...tampering })
            const { status } = tampered.response
            if ('refuse' in row.outcome) {
              expect(
                row.outcome.refuse,
                rule(
                  ruleId,
                  `${row.reason}: refused with ${row.outcome.refuse.join(' or ')}: ${summarize(tampered)}`,
                ),
              ).toContain(status)
            } else if (status < 300) {
              warn(ruleId, `${row.name} was accepted (${status}): ${row.reason}`)
            } else {
              expect(
                status,
                rule(ruleId, `${row.name}: a refusal is a 4xx: ${summarize(tampered)}`),
              ).toBeLessThan(500)
            }

            const listing = request.listing?.(discovery)
            const refused = status >= 400
            if (listing && refused) {
              expect(
                await resources.listed(listing, token, marker),
                rule(ruleId, `the refused request (${row.name}) created nothing`),
              ).toBe(false)
            }
            const control = await api.send({ ...call, token })
            expect(
              control.response.status,
              rule(ruleId, `positive control, the same request correctly signed: ${summarize(control)}`),
            ).toBe(request.success)
            if (listing && refused && !(await resources.listed(listing, token, marker))) {
              warn(
                ruleId,
                'the list does not show what the positive control created, so "created nothing" is unproven',
              )
            }
          },
        )
      }
    })
  }
})

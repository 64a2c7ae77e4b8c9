import type { WalletAddress } from '@interledger/open-payments'
import { expectRefusal } from '../checks/refusals.ts'
import { expectRowOutcome } from '../checks/row-outcome.ts'
import {
  covers,
  defaultComponents,
  expect,
  expectFinishHash,
  GRANT_ENDPOINTS,
  type Grants,
  honourWait,
  type InteractiveGrant,
  OPERATIONS,
  rowsFor,
  rule,
  type SendOptions,
  type SignatureRow,
  summarize,
  test,
} from '../fixtures/conformance-test.ts'

/**
 * The spec leaves the authorization server's errors to GNAP: a signature failure is invalid_client (401) or,
 * for a request a server validates first, invalid_request (400).
 */
const REFUSED = [400, 401]
/**
 * Another valid token in the header no longer matches the grant or token the URL names: besides the signature,
 * that is an unknown continuation or token (RFC 9635: 404, or 403 request_denied).
 */
const REFUSED_OTHER_TOKEN = [400, 401, 403, 404]

const SECOND_CLIENT_MISSING =
  'the target registers one client wallet address, so no second registered key to sign with: a secondClient ' +
  'in the target file completes these rows'

function statusesFor(row: SignatureRow): number[] {
  return row.needsToken && row.name.startsWith('authorization replaced') ? REFUSED_OTHER_TOKEN : REFUSED
}

test.describe('signature matrix of the authorization server', () => {
  for (const endpoint of GRANT_ENDPOINTS) {
    test.describe(endpoint.name, () => {
      const { hasBody, hasToken } = endpoint
      for (const row of rowsFor(endpoint)) {
        const rules = 'refuse' in row.outcome ? [endpoint.rule] : row.rules
        test(
          row.name,
          covers(...rules),
          async ({
            api,
            grants,
            resources,
            discovery,
            otherSharedGrants,
            clientIdentity,
            secondClientIdentity,
          }) => {
            test.skip(row.needsSecondClient === true && !secondClientIdentity, SECOND_CLIENT_MISSING)
            const prepared = await endpoint.prepare({
              grants,
              resources,
              discovery,
              otherSharedGrants,
            })
            const { request } = prepared
            const tampered = await api.send({
              ...request,
              input: 'invalid',
              ...(await row.tamper({
                key: clientIdentity.key,
                secondClientKey: secondClientIdentity?.key,
                components: defaultComponents(hasBody, hasToken),
                otherToken: prepared.otherToken,
                now: Math.floor(Date.now() / 1000),
              })),
            })
            await expectRowOutcome(row, tampered, {
              rule: endpoint.rule,
              what: `${endpoint.name} with ${row.name}`,
              statuses: statusesFor(row),
              tookEffect: prepared.tookEffect,
              control: () => api.send(request),
              controlStatus: endpoint.success,
            })
          },
        )
      }
    })
  }
})

/**
 * Continue, in order on one consented grant (a consent per row would take seconds each): every row must be
 * refused, and the correct continuation at the end proves none of them took effect (a refused continuation
 * that had issued the token would leave nothing to continue). Rows a correct verifier may accept would use
 * the grant up, so they run on the other endpoints only. Not serial mode: there a failure, or a failed
 * beforeAll, skips the rows after it without a reason. Here the rows after a failing one obtain a fresh grant,
 * lazily (the failing row may have used the grant up, and its worker may be kept: a failure the baseline expects
 * does not replace it), so a failed set-up fails each row with its own error.
 */
test.describe('signature matrix of the authorization server: continue (POST continue.uri)', () => {
  test.describe.configure({ mode: 'default' })
  let accepted: Promise<{ pending: InteractiveGrant; interactRef: string }> | undefined
  const request = async (workerGrants: Grants, sender: WalletAddress): Promise<SendOptions> => {
    if (!accepted) {
      accepted = (async () => {
        const pending = await workerGrants.requestOutgoingPayment(sender)
        const interactRef = expectFinishHash(pending, await workerGrants.interact(pending, 'accept'))
        await honourWait(pending.continuation)
        return { pending, interactRef }
      })()
      accepted.catch(() => {
        accepted = undefined
      })
    }
    const { pending, interactRef } = await accepted
    return {
      operation: OPERATIONS.postContinue,
      method: 'POST',
      url: pending.continuation.uri,
      token: pending.continuation.accessToken,
      json: { interact_ref: interactRef },
    }
  }

  const rows = rowsFor({ hasBody: true, hasToken: true, altersBody: false }).filter(
    (row) => 'refuse' in row.outcome,
  )
  for (const row of rows) {
    test(
      row.name,
      covers('GNAP-KEY-PROOF'),
      async ({ api, grants, workerGrants, discovery, clientIdentity, secondClientIdentity }) => {
        test.skip(row.needsSecondClient === true && !secondClientIdentity, SECOND_CLIENT_MISSING)
        const tampered = await api.send({
          ...(await request(workerGrants, discovery.sender)),
          input: 'invalid',
          ...(await row.tamper({
            key: clientIdentity.key,
            secondClientKey: secondClientIdentity?.key,
            components: defaultComponents(true, true),
            otherToken: async () =>
              (
                await grants.requestOutgoingPayment(discovery.sender)
              ).continuation.accessToken,
            now: Math.floor(Date.now() / 1000),
          })),
        })
        try {
          expectRefusal(tampered, {
            rule: 'GNAP-KEY-PROOF',
            what: `continue with ${row.name} (${row.reason})`,
            statuses: statusesFor(row),
          })
        } catch (error) {
          accepted = undefined
          throw error
        }
      },
    )
  }

  test(
    'positive control: the same continuation correctly signed',
    covers('GNAP-KEY-PROOF'),
    async ({ api, workerGrants, discovery }) => {
      const control = await api.send(await request(workerGrants, discovery.sender))
      expect(control).toAnswer(
        200,
        'GNAP-KEY-PROOF',
        'the grant is still there to continue after every refusal',
      )
      expect(
        typeof (control.response.json as { access_token?: { value?: unknown } } | undefined)?.access_token
          ?.value,
        rule('GNAP-KEY-PROOF', `the correct continuation issues the token: ${summarize(control)}`),
      ).toBe('string')
    },
  )
})

import { randomUUID } from 'node:crypto'
import type { GrantWithAccessToken } from '@interledger/open-payments'
import { expectContinue, expectTokenIssued } from '../checks/access-checks.ts'
import {
  expectGnapError,
  expectRejectedContinuation,
  expectRejectedFinish,
  gnapErrorCode,
} from '../checks/gnap-expect.ts'
import {
  amountIn,
  covers,
  type Exchange,
  expect,
  expectFinishHash,
  type InteractiveGrant,
  notApplicable,
  outgoingPaymentAccess,
  rule,
  skipUnchecked,
  summarize,
  test,
} from '../fixtures/conformance-test.ts'

const LIMIT = 1_000n
/** Grant requests tried for a continuation surely sent before continue.wait, on a loaded machine. */
const EARLY_ATTEMPTS = 3

test.describe('interaction and continuation', () => {
  test(
    'accept: the finish redirect proves the nonces and continuation issues the token',
    covers('GNAP-FINISH-HASH', 'CONT-SUCCESS', 'TOKEN-MANAGE'),
    async ({ grants, discovery }) => {
      const { sender } = discovery
      const limits = { debitAmount: amountIn(sender, LIMIT) }
      const pending = await grants.requestOutgoingPayment(sender, { limits })
      allowForContinuations(pending, 1)
      const finish = await grants.interact(pending, 'accept')

      const interactRef = expectFinishHash(pending, finish)
      // The hash binds both nonces only if the server's is its own and fresh (RFC 9635 section 3.3.5: a unique
      // value per request): not the client's nonce echoed, not one it hands out again.
      const other = await grants.requestOutgoingPayment(sender, { limits })
      const serverNonce = pending.grant.interact.finish
      expect(
        [pending.clientNonce, other.clientNonce, other.grant.interact.finish],
        rule(
          'GNAP-FINISH-HASH',
          `the server's finish nonce ${JSON.stringify(serverNonce)} differs from the client's nonce and from the nonce of another grant request`,
        ),
      ).not.toContain(serverNonce)

      const exchange = await grants.gnap.continueGrant(pending.continuation, interactRef)
      expect(exchange).toAnswer(200, 'CONT-SUCCESS', 'the continuation')
      const body = exchange.response.json as GrantWithAccessToken
      const granted = expectTokenIssued(
        'CONT-SUCCESS#access-token',
        body.access_token,
        outgoingPaymentAccess(sender, undefined, limits),
      )
      // Absent limits compare as {}: toMatchObject on undefined is a usage error that drops the rule's message.
      expect(
        (granted as { limits?: unknown }).limits ?? {},
        rule('CONT-SUCCESS#access-token', 'the token keeps the limits the account holder approved'),
      ).toMatchObject(limits)
      // The spec's combinations: access_token comes with continue.
      expectContinue('CONT-SUCCESS#continue', body)
    },
  )

  test('reject: no token is ever issued', covers('CONT-REJECTED'), async ({ grants, discovery }) => {
    const pending = await grants.requestOutgoingPayment(discovery.sender)
    allowForContinuations(pending, 1)
    const finish = await grants.interact(pending, 'reject')
    expectRejectedFinish(finish)
    const exchange = await grants.gnap.continueGrant(pending.continuation, finish.interactRef)
    expectRejectedContinuation(exchange)
  })

  test('continuing before continue.wait is too fast', covers('CONT-WAIT'), async ({ grants, discovery }) => {
    // Judged only when the answer came within the wait counted from before the grant request: the server then
    // surely had it too early. On a loaded machine a continuation "sent at once" may reach it after a 1 s wait,
    // and its answer then says nothing about CONT-WAIT.
    let pending: InteractiveGrant
    let early: Exchange
    for (let attempt = 1; ; attempt++) {
      const requestedAt = Date.now()
      pending = await grants.requestOutgoingPayment(discovery.sender)
      allowForContinuations(pending, 2)
      notApplicable(
        !pending.continuation.wait,
        'the server gives no continue.wait, so no continuation can be too fast',
      )
      early = await grants.gnap.continueGrant(pending.continuation, undefined, { early: true })
      if (Date.now() < requestedAt + (pending.continuation.wait ?? 0) * 1000) break
      if (attempt === EARLY_ATTEMPTS)
        skipUnchecked(
          ['CONT-WAIT'],
          `${EARLY_ATTEMPTS} times, the grant request and a continuation sent at once took longer than the ` +
            `continue.wait of ${pending.continuation.wait} s (a loaded machine or a slow target): no continuation was surely too fast; a continue.wait of a few seconds, or a quieter machine, completes this check`,
        )
    }
    expectGnapError(early, {
      rule: 'CONT-WAIT',
      what: `a continuation sent at once, before continue.wait (${pending.continuation.wait} s)`,
      statuses: [400],
      codes: ['too_fast'],
    })

    const onTime = await grants.gnap.continueGrant(pending.continuation, undefined)
    expect(
      gnapErrorCode(onTime),
      rule(
        'CONT-WAIT',
        `positive control, the same continuation after the wait is not too fast: ${summarize(onTime)}`,
      ),
    ).not.toBe('too_fast')
  })

  test(
    'a continuation without the right continuation token',
    covers('CONT-INVALID-CLIENT'),
    async ({ grants, discovery }) => {
      const pending = await grants.requestOutgoingPayment(discovery.sender)
      allowForContinuations(pending, 4)
      const other = await grants.requestOutgoingPayment(discovery.sender)
      const interactRef = expectFinishHash(pending, await grants.interact(pending, 'accept'))
      const rows: { name: string; token: string | undefined }[] = [
        { name: 'no Authorization header', token: undefined },
        { name: 'an unknown continuation token', token: `unknown-${randomUUID()}` },
        { name: "another grant's continuation token", token: other.continuation.accessToken },
      ]
      for (const { name, token } of rows) {
        const refused = await grants.gnap.continueGrant(pending.continuation, interactRef, { token })
        expectGnapError(refused, {
          rule: 'CONT-INVALID-CLIENT',
          what: name,
          statuses: [401],
          codes: ['invalid_client'],
        })
      }

      const control = await grants.gnap.continueGrant(pending.continuation, interactRef)
      expect(control).toAnswer(200, 'CONT-INVALID-CLIENT', 'positive control, the right continuation token')
    },
  )

  test(
    'a continuation of an unknown grant or interaction',
    covers('CONT-NOT-FOUND'),
    async ({ grants, discovery }) => {
      const pending = await grants.requestOutgoingPayment(discovery.sender)
      allowForContinuations(pending, 3)
      const interactRef = expectFinishHash(pending, await grants.interact(pending, 'accept'))
      const unknownId = {
        ...pending.continuation,
        uri: withLastSegment(pending.continuation.uri, randomUUID()),
      }

      const unknownGrant = await grants.gnap.continueGrant(unknownId, interactRef)
      // The token is another grant's: a server may refuse it before it looks the id up (Unauthorized), and the
      // spec pairs that status with invalid_client.
      expectGnapError(unknownGrant, {
        rule: 'CONT-NOT-FOUND',
        what: 'a continuation URI with an unknown id',
        statuses: [404],
        codes: ['invalid_continuation'],
        orElse: { status: 401, codes: ['invalid_client'] },
      })
      const unknownRef = await grants.gnap.continueGrant(pending.continuation, `unknown-${randomUUID()}`)
      expectGnapError(unknownRef, {
        rule: 'CONT-NOT-FOUND',
        what: 'an interact_ref the server never issued',
        statuses: [404],
        codes: ['invalid_continuation'],
      })

      const control = await grants.gnap.continueGrant(pending.continuation, interactRef)
      expect(control).toAnswer(200, 'CONT-NOT-FOUND', 'positive control, the right id and interact_ref')
    },
  )
})

/** Each continuation honours continue.wait: the test gets that much longer for the ones it makes. */
function allowForContinuations(pending: InteractiveGrant, count: number): void {
  test.setTimeout(test.info().timeout + count * (pending.continuation.wait ?? 0) * 1000)
}

function withLastSegment(uri: string, segment: string): string {
  const url = new URL(uri)
  url.pathname = url.pathname.replace(/[^/]+\/?$/, segment)
  return url.href
}

import { REFUSED_TOKEN_STATUSES } from '../checks/authentication-checks.ts'
import { amountIn, covers, expect, test } from '../fixtures/conformance-test.ts'
import type { IssuedGrant } from '../harness/gnap/grant-types.ts'
import { expiryWaitSeconds, tooLongToWait } from '../harness/target/expiry-wait.ts'
import { waitsLong } from '../harness/time/long-wait.ts'
import { sleep } from '../harness/time/server-time.ts'
import { OPERATION_CASES, type TokenKind } from '../steps/operation-cases.ts'
import { newMarker } from '../steps/resources.ts'

/** Margin past `expires_in` before the expired token is presented, for clock granularity on either side. */
const AFTER_EXPIRY_MS = 1500

test.describe('token expiry', () => {
  test(
    'an expired token is refused on every resource operation',
    waitsLong(covers('TOKEN-EXPIRY', 'AUTH-TOKEN-INVALID'), { longest: true }),
    async ({ api, grants, resources, discovery, sharedGrants, target }) => {
      const waitable = target.capabilities?.tokenExpiryWaitable
      test.skip(
        waitable === false,
        'the target file sets capabilities.tokenExpiryWaitable to false: its tokens live too long to wait for',
      )
      const { sender, receiver } = discovery
      // One grant of each kind, obtained together, so the test waits for expiry once for every operation.
      const [incoming, quote, outgoing] = await Promise.all([
        grants.incomingPayment(receiver),
        grants.quote(sender),
        grants.outgoingPayment(sender, { limits: { debitAmount: amountIn(sender, 1000n) } }),
      ])
      const expiring: Record<TokenKind, IssuedGrant> = {
        'incoming-payment': incoming,
        quote,
        'outgoing-payment': outgoing,
      }
      const lifetimes = Object.values(expiring).map((issued) => issued.grant.access_token.expires_in)
      test.skip(
        lifetimes.some((seconds) => seconds === undefined),
        'a token has no expires_in, so there is no expiry to wait for',
      )
      const longest = Math.max(...(lifetimes as number[]))
      // capabilities.tokenExpiryWaitable true: wait however long; unset: up to waits.expirySeconds.
      test.skip(
        waitable === undefined && longest > expiryWaitSeconds(target, 'token'),
        tooLongToWait(target, 'token', longest),
      )
      const expiresAt = Math.max(
        ...Object.values(expiring).map((i) => i.issuedAt + i.grant.access_token.expires_in! * 1000),
      )
      // Prepared before the wait: preparing uses the shared (live) tokens, not the expiring ones.
      const context = { discovery, resources, sharedGrants, marker: newMarker() }
      const calls = []
      for (const operationCase of OPERATION_CASES)
        calls.push({ operationCase, call: await operationCase.prepare(context) })

      test.setTimeout(Math.max(0, expiresAt - Date.now()) + 60_000)
      for (const { operationCase, call } of calls) {
        const live = await api.send({
          ...call,
          token: expiring[operationCase.token].grant.access_token.value,
        })
        if (Date.now() >= expiresAt) break
        expect
          .soft(live)
          .toAnswer(operationCase.success, 'TOKEN-EXPIRY', 'positive control, the token before it expires')
      }
      await sleep(Math.max(0, expiresAt + AFTER_EXPIRY_MS - Date.now()), 'the tokens to expire')

      for (const { operationCase, call } of calls) {
        const refused = await api.send({
          ...call,
          token: expiring[operationCase.token].grant.access_token.value,
        })
        expect
          .soft(refused)
          .toAnswer(
            REFUSED_TOKEN_STATUSES,
            'TOKEN-EXPIRY',
            `${operationCase.operation.operationId} with a token past its expires_in is refused with 401 or 403`,
          )
      }
    },
  )
})

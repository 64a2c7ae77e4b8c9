import { REFUSED_TOKEN_STATUSES } from '../checks/authentication-checks.ts'
import {
  controlsNeedMs,
  covers,
  expect,
  expiryWaitSeconds,
  type GrantsByKind,
  grantsOfEachKind,
  liveFor,
  notApplicable,
  OPERATION_CASES,
  type OperationCase,
  type ResourceCall,
  renewShortLived,
  sleep,
  type TargetFile,
  test,
  tooLongToWait,
  waitsLong,
} from '../fixtures/conformance-test.ts'

/** Margin past `expires_in` before the expired token is presented, for clock granularity on either side. */
const AFTER_EXPIRY_MS = 1500

test.describe('token expiry', () => {
  test(
    'an expired token is refused on every resource operation',
    waitsLong(covers('TOKEN-EXPIRY'), { longest: true }),
    async ({ api, grants, discovery, target, prepareOperation }) => {
      const waitable = target.capabilities?.tokenExpiryWaitable
      test.skip(
        waitable === false,
        'the target file sets capabilities.tokenExpiryWaitable to false: its tokens live too long to wait for',
      )
      // Prepared before the tokens are obtained: preparing uses the shared tokens and, on a loaded machine, can
      // take most of a token's life.
      const calls: { operationCase: OperationCase; alive: () => Promise<ResourceCall> }[] = []
      for (const operationCase of OPERATION_CASES)
        calls.push({ operationCase, alive: (await prepareOperation(operationCase, false)).alive })
      const obtained = await grantsOfEachKind(grants, discovery)
      const expiring = await renewShortLived(grants, discovery, obtained, controlsNeedMs(calls.length))
      const expiresAt = expiryToWaitFor(target, expiring)
      // Each call as it may be sent now (its quote prepared again when the wait aged it): only the token is wrong.
      const sendExpiring = async ({ operationCase, alive }: (typeof calls)[number]) =>
        api.send({ ...(await alive()), token: expiring[operationCase.token].grant.access_token.value })

      // The time so far (and the answers' time, added as they come), and the wait.
      test.setTimeout(test.info().timeout + Math.max(0, expiresAt - Date.now()))
      for (const sent of calls) {
        // A positive control runs only while its token is live (liveFor: the answers' time and clock skew
        // allowed for); one answered only after that proves nothing either way when refused.
        const token = expiring[sent.operationCase.token]
        if (liveFor(token) <= 0) continue
        const live = await sendExpiring(sent)
        if (liveFor(token) <= 0 && live.response.status >= 400) continue
        expect
          .soft(live)
          .toAnswer(
            sent.operationCase.success,
            'TOKEN-EXPIRY',
            'positive control, the token before it expires',
          )
      }
      await sleep(Math.max(0, expiresAt + AFTER_EXPIRY_MS - Date.now()), 'the tokens to expire')
      for (const sent of calls) {
        expect
          .soft(await sendExpiring(sent))
          .toAnswer(
            REFUSED_TOKEN_STATUSES,
            'TOKEN-EXPIRY',
            `${sent.operationCase.operation.operationId} with a token past its expires_in is refused with 401 or 403`,
          )
      }
    },
  )
})

/** When the last token expires (ms); the test is skipped where there is no expiry, or one too long to wait for. */
function expiryToWaitFor(target: TargetFile, expiring: GrantsByKind): number {
  const lifetimes = Object.values(expiring).map((issued) => issued.grant.access_token.expires_in)
  // GNAP lets a token carry no expires_in: then nothing promises an expiry to test.
  notApplicable(
    lifetimes.some((seconds) => seconds === undefined),
    'a token has no expires_in, so there is no expiry to wait for',
  )
  const longest = Math.max(...(lifetimes as number[]))
  // capabilities.tokenExpiryWaitable true: wait however long; unset: up to waits.expirySeconds.
  test.skip(
    target.capabilities?.tokenExpiryWaitable === undefined && longest > expiryWaitSeconds(target, 'token'),
    tooLongToWait(target, 'token', longest),
  )
  return Math.max(...Object.values(expiring).map((i) => i.issuedAt + i.grant.access_token.expires_in! * 1000))
}

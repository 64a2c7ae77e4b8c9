import { REFUSED_TOKEN_STATUSES } from '../checks/authentication-checks.ts'
import {
  covers,
  expect,
  expiryWaitSeconds,
  type GrantsByKind,
  grantsOfEachKind,
  notApplicable,
  OPERATION_CASES,
  type OperationCase,
  type ResourceCall,
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
      const expiring = await grantsOfEachKind(grants, discovery)
      const expiresAt = expiryToWaitFor(target, expiring)
      // Prepared before the wait: preparing uses the shared (live) tokens, not the expiring ones.
      const calls: { operationCase: OperationCase; call: ResourceCall }[] = []
      for (const operationCase of OPERATION_CASES)
        calls.push({ operationCase, call: (await prepareOperation(operationCase, false)).call })
      const sendExpiring = ({ operationCase, call }: (typeof calls)[number]) =>
        api.send({ ...call, token: expiring[operationCase.token].grant.access_token.value })

      test.setTimeout(Math.max(0, expiresAt - Date.now()) + 60_000)
      for (const sent of calls) {
        const live = await sendExpiring(sent)
        if (Date.now() >= expiresAt) break
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

import type { PendingGrant, WalletAddress } from '@interledger/open-payments'
import {
  continuationOf,
  covers,
  expect,
  expectFinishHash,
  type Grants,
  type InteractiveGrant,
  notApplicable,
  rule,
  subjectGrantRequest,
  subjectProblems,
  summarize,
  test,
  warn,
} from '../fixtures/conformance-test.ts'

test.describe('grant continuation: subject information', () => {
  // The spec shows `subject` with `continue` in a continuation response but not how it is asked for: the suite
  // asks as RFC 9635 section 2.2 and the Open Payments auth-server document do (the sender's wallet address, in
  // the `uri` format). A server may decline to give subject information at all: the rule is then not applicable.
  test(
    'a continuation that gives subject information gives sub_ids of id and format',
    covers('CONT-SUBJECT'),
    async ({ grants, discovery }) => {
      const { sender } = discovery
      const pending = await pendingSubjectGrant(grants, sender)
      const interactRef = expectFinishHash(pending, await grants.interact(pending, 'accept'))
      const continued = await grants.gnap.continueGrant(pending.continuation, interactRef)
      expect(continued).toAnswer(200, 'CONT-SUBJECT', 'the continuation after consent')
      // A GNAP body, judged member by member here: no schema reader is wanted for it.
      const answer = continued.response.json as { subject?: unknown; continue?: unknown }
      notApplicable(
        answer.subject === undefined,
        `the continuation gives no subject information (a server may withhold it): ${summarize(continued)}`,
      )
      expect(
        subjectProblems(answer.subject),
        rule('CONT-SUBJECT', `subject ${JSON.stringify(answer.subject)}`),
      ).toEqual([])
      expect(typeof answer.continue, rule('CONT-SUBJECT', 'subject comes with continue')).toBe('object')
      const ids = (answer.subject as { sub_ids: { id: string }[] }).sub_ids.map((subId) => subId.id)
      // Which identifiers the server confirms is its own business (RFC 9635): one it was not asked about is noted.
      if (!ids.includes(sender.id)) warn('CONT-SUBJECT', `sub_ids name ${ids.join(', ')}, not ${sender.id}`)
    },
  )
})

/** A grant request that asks for the sender as its subject, up to the interaction; not applicable without one. */
async function pendingSubjectGrant(grants: Grants, sender: WalletAddress): Promise<InteractiveGrant> {
  const { request, clientNonce, finishUri } = subjectGrantRequest(grants.client, sender.id)
  const exchange = await grants.gnap.requestGrant(sender.authServer, request)
  const body = exchange.response.json as Partial<PendingGrant> | undefined
  notApplicable(
    exchange.response.status !== 200 ||
      typeof body?.interact?.redirect !== 'string' ||
      typeof body.continue?.uri !== 'string',
    `the target does not offer an interaction to confirm ${sender.id} as the subject: ${summarize(exchange)}`,
  )
  const grant = body as PendingGrant
  return {
    grantEndpoint: sender.authServer,
    request,
    grant,
    continuation: continuationOf(grant.continue),
    clientNonce,
    finishUri,
  }
}

import type { PendingGrant } from '@interledger/open-payments'
import { expect, test } from '../fixtures/conformance-test.ts'
import { continuationOf, type InteractiveGrant } from '../harness/gnap/grant-types.ts'
import { expectFinishHash } from '../harness/gnap/grants.ts'
import { subjectGrantRequest, subjectProblems } from '../harness/gnap/subject-grant.ts'
import { summarize } from '../harness/http/format-exchange.ts'
import { covers, rule } from '../harness/rules/covers.ts'
import { notApplicable } from '../harness/rules/not-applicable.ts'
import { warn } from '../harness/rules/warn.ts'

test.describe('grant continuation: subject information', () => {
  // The spec shows `subject` with `continue` in a continuation response but not how it is asked for: the suite
  // asks as RFC 9635 section 2.2 and the Open Payments auth-server document do (the sender's wallet address, in
  // the `uri` format). A server may decline to give subject information at all: the rule is then not applicable.
  test(
    'a continuation that gives subject information gives sub_ids of id and format',
    covers('CONT-SUBJECT'),
    async ({ grants, discovery }) => {
      const { sender } = discovery
      const { request, clientNonce, finishUri } = subjectGrantRequest(grants.client, sender.id)
      const exchange = await grants.gnap.requestGrant(sender.authServer, request)
      const body = exchange.response.json as Partial<PendingGrant> | undefined
      notApplicable(
        exchange.response.status !== 200 ||
          typeof body?.interact?.redirect !== 'string' ||
          typeof body.continue?.uri !== 'string',
        `the target does not offer an interaction to confirm ${sender.id} as the subject: ${summarize(exchange)}`,
      )
      const pending: InteractiveGrant = {
        grantEndpoint: sender.authServer,
        request,
        grant: body as PendingGrant,
        continuation: continuationOf((body as PendingGrant).continue),
        clientNonce,
        finishUri,
      }
      const interactRef = expectFinishHash(pending, await grants.interact(pending, 'accept'))
      const continued = await grants.gnap.continueGrant(pending.continuation, interactRef)
      expect(continued).toAnswer(200, 'CONT-SUBJECT', 'the continuation after consent')
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

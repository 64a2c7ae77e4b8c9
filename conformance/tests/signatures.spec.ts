import { expectPublicView, expectUnsignedReadAnswer } from '../checks/authentication-checks.ts'
import { expectRowOutcome, sendRow } from '../checks/row-outcome.ts'
import {
  covers,
  defaultComponents,
  effectProbe,
  OPERATION_CASES,
  rowsFor,
  test,
} from '../fixtures/conformance-test.ts'

const SECOND_CLIENT_MISSING =
  'the target registers one client wallet address, so no second registered key to sign with: a secondClient ' +
  'in the target file completes these rows'

test.describe('signature matrix', () => {
  for (const operationCase of OPERATION_CASES) {
    const hasBody = operationCase.operation.operationId.startsWith('create-')
    test.describe(operationCase.operation.operationId, () => {
      for (const row of rowsFor({ hasBody, hasToken: true, altersBody: hasBody })) {
        const unsignedRead = row.unsigned === true && operationCase.publicView === true
        test(
          row.name,
          covers(...row.rules, ...(unsignedRead ? (['IP-UNSIGNED-READ'] as const) : [])),
          async ({
            api,
            sharedGrants,
            otherSharedGrants,
            prepareOperation,
            clientIdentity,
            secondClientIdentity,
          }) => {
            test.skip(row.needsSecondClient === true && !secondClientIdentity, SECOND_CLIENT_MISSING)
            const [ruleId] = row.rules
            const { context, alive, what } = await prepareOperation(operationCase)
            const token = await sharedGrants.token(operationCase.token)
            const tampering = await row.tamper({
              key: clientIdentity.key,
              secondClientKey: secondClientIdentity?.key,
              components: defaultComponents(hasBody),
              otherToken: () => otherSharedGrants.token(operationCase.token),
              now: Math.floor(Date.now() / 1000),
            })
            // Prepared again if the tampering's grants aged it: the row must be wrong in its own way only.
            const call = await alive()
            const statuses = 'refuse' in row.outcome ? row.outcome.refuse : []
            const send = () => api.send({ ...call, token, input: 'invalid', ...tampering })
            // The unsigned read is judged by IP-UNSIGNED-READ alone (the spec does not require its signature).
            const tampered = unsignedRead
              ? await send()
              : await sendRow(row, send, {
                  rule: ruleId,
                  what: what(row.name),
                  statuses,
                  publicView: operationCase.publicView === true,
                })
            // The spec does not mark the signature required on this GET: the public view is right, and the full
            // payment to a valid token is beyond what the spec forbids (docs/spec-decisions.md).
            if (unsignedRead) expectUnsignedReadAnswer(tampered, what(row.name))
            if (unsignedRead && tampered.response.status === 200) return
            // Signatures are not required on this GET: a server may answer as to an unauthenticated one.
            if ('refuse' in row.outcome && operationCase.publicView && tampered.response.status === 200)
              return expectPublicView(tampered, what(row.name), ruleId)
            await expectRowOutcome(row, tampered, {
              rule: ruleId,
              what: what(row.name),
              statuses,
              tookEffect: effectProbe(operationCase, context, call),
              control: async () => api.send({ ...(await alive()), token }),
              controlStatus: operationCase.success,
            })
          },
        )
      }
    })
  }
})

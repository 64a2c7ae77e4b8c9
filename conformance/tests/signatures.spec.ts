import { expectPublicView, expectUnsignedReadAnswer } from '../checks/authentication-checks.ts'
import { expectRowOutcome } from '../checks/row-outcome.ts'
import { test } from '../fixtures/conformance-test.ts'
import { covers } from '../harness/rules/covers.ts'
import { effectProbe, OPERATION_CASES, type OperationContext } from '../steps/operation-cases.ts'
import { newMarker } from '../steps/resources.ts'
import { defaultComponents, rowsFor } from '../steps/signature-matrix.ts'

const SECOND_CLIENT_MISSING =
  'the target registers one client wallet address, so no second registered key to sign with'

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
            resources,
            discovery,
            sharedGrants,
            otherSharedGrants,
            preparedCalls,
            clientIdentity,
            secondClientIdentity,
          }) => {
            test.skip(row.needsSecondClient === true && !secondClientIdentity, SECOND_CLIENT_MISSING)
            const [ruleId] = row.rules
            const context: OperationContext = { discovery, resources, sharedGrants, marker: newMarker() }
            const call = operationCase.repeatable
              ? await preparedCalls.get(operationCase.operation.operationId, (shared) =>
                  operationCase.prepare({ ...context, resources: shared }),
                )
              : await operationCase.prepare(context)
            const token = await sharedGrants.token(operationCase.token)
            const what = `${call.method} ${new URL(call.url).pathname} with ${row.name}`
            const tampered = await api.send({
              ...call,
              token,
              input: 'invalid',
              ...(await row.tamper({
                key: clientIdentity.key,
                secondClientKey: secondClientIdentity?.key,
                components: defaultComponents(hasBody),
                otherToken: () => otherSharedGrants.token(operationCase.token),
                now: Math.floor(Date.now() / 1000),
              })),
            })
            const control = () => api.send({ ...call, token })
            if (unsignedRead && tampered.response.status === 200) {
              // The spec does not mark the signature required on this GET: the public view is right, and the
              // full payment to a valid token is beyond what the spec forbids (docs/spec-decisions.md).
              expectUnsignedReadAnswer(tampered, what)
              return
            }
            if ('refuse' in row.outcome && operationCase.publicView && tampered.response.status === 200) {
              // Signatures are not required on this GET: a server may answer as to an unauthenticated one.
              expectPublicView(tampered, what, ruleId)
              return
            }
            await expectRowOutcome(row, tampered, {
              rule: ruleId,
              what,
              statuses: 'refuse' in row.outcome ? row.outcome.refuse : [],
              tookEffect: effectProbe(operationCase, context, call),
              control,
              controlStatus: operationCase.success,
            })
          },
        )
      }
    })
  }
})

import { expectPublicView } from '../checks/authentication-checks.ts'
import { permissionRows } from '../checks/permission-rows.ts'
import { expectRefusedWithoutEffect } from '../checks/refusals.ts'
import { test } from '../fixtures/conformance-test.ts'
import { covers } from '../harness/rules/covers.ts'
import { effectProbe, OPERATION_CASES, type OperationContext } from '../steps/operation-cases.ts'
import { newMarker } from '../steps/resources.ts'

test.describe('permission matrix: a token grants only the type, actions and wallet address it names', () => {
  for (const operationCase of OPERATION_CASES) {
    test.describe(operationCase.operation.operationId, () => {
      for (const row of permissionRows(operationCase)) {
        test(
          row.name,
          covers('AUTH-PERMISSION'),
          async ({ api, resources, discovery, sharedGrants, preparedCalls, grantTokens }) => {
            const context: OperationContext = { discovery, resources, sharedGrants, marker: newMarker() }
            const call = operationCase.repeatable
              ? await preparedCalls.get(operationCase.operation.operationId, (shared) =>
                  operationCase.prepare({ ...context, resources: shared }),
                )
              : await operationCase.prepare(context)
            const what = `${call.method} ${new URL(call.url).pathname} with ${row.name}`
            const refused = await api.send({ ...call, token: await row.token(grantTokens, discovery) })
            if (operationCase.publicView && refused.response.status === 200) {
              // A token without read may get what a request without a token gets: the public view.
              expectPublicView(refused, what, 'AUTH-PERMISSION')
              return
            }
            // A token of another authorization server is unknown to this resource server, not just forbidden.
            const statuses =
              discovery.sender.authServer === discovery.receiver.authServer
                ? row.statuses
                : [401, ...row.statuses]
            const token = await sharedGrants.token(operationCase.token)
            await expectRefusedWithoutEffect(refused, {
              rule: 'AUTH-PERMISSION',
              what,
              statuses,
              tookEffect: effectProbe(operationCase, context, call),
              control: () => api.send({ ...call, token }),
              controlStatus: operationCase.success,
              controlWhat: `the same request with a token that grants it`,
            })
          },
        )
      }
    })
  }
})

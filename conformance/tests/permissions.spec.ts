import { expectPublicView } from '../checks/authentication-checks.ts'
import { permissionRows } from '../checks/permission-rows.ts'
import { expectRefusedWithoutEffect } from '../checks/refusals.ts'
import { covers, type Discovery, effectProbe, OPERATION_CASES, test } from '../fixtures/conformance-test.ts'

test.describe('permission matrix: a token grants only the type, actions and wallet address it names', () => {
  for (const operationCase of OPERATION_CASES) {
    test.describe(operationCase.operation.operationId, () => {
      for (const row of permissionRows(operationCase)) {
        test(
          row.name,
          covers('AUTH-PERMISSION'),
          async ({ api, discovery, sharedGrants, grantTokens, prepareOperation }) => {
            const { context, alive, what } = await prepareOperation(operationCase)
            // The row's token first: obtaining it can take long enough to age the prepared call.
            const rowToken = await row.token(grantTokens, discovery)
            const call = await alive()
            const refused = await api.send({ ...call, token: rowToken })
            // A token without read may get what a request without a token gets: the public view.
            if (operationCase.publicView && refused.response.status === 200)
              return expectPublicView(refused, what(row.name), 'AUTH-PERMISSION')
            const token = await sharedGrants.token(operationCase.token)
            await expectRefusedWithoutEffect(refused, {
              rule: 'AUTH-PERMISSION',
              what: what(row.name),
              statuses: refusedStatuses(row.statuses, discovery),
              tookEffect: effectProbe(operationCase, context, call),
              control: async () => api.send({ ...(await alive()), token }),
              controlStatus: operationCase.success,
              controlWhat: `the same request with a token that grants it`,
            })
          },
        )
      }
    })
  }
})

/** A token of another authorization server is unknown to this resource server, not just forbidden. */
function refusedStatuses(statuses: readonly number[], { sender, receiver }: Discovery): readonly number[] {
  return sender.authServer === receiver.authServer ? statuses : [401, ...statuses]
}

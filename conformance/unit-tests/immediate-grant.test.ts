import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { GrantWithAccessToken } from '@interledger/open-payments'
import { expectImmediateGrant } from '../checks/access-checks.ts'
import { incomingPaymentAccess } from '../harness/gnap/grant-requests.ts'
import { rulesNamedIn } from '../harness/rules/rules-named-in.ts'

const bob = { id: 'https://ase.example/bob' } as Parameters<typeof incomingPaymentAccess>[0]
const asked = incomingPaymentAccess(bob)

function grantFor(identifier: string): GrantWithAccessToken {
  return {
    access_token: {
      value: 'token-1',
      manage: 'https://auth.example/token/1',
      expires_in: 600,
      access: [{ type: 'incoming-payment', actions: [...asked.actions], identifier }],
    },
    continue: { uri: 'https://auth.example/continue/1', access_token: { value: 'continue-1' } },
  } as GrantWithAccessToken
}

function failureOf(check: () => void): string | undefined {
  try {
    check()
  } catch (error) {
    return (error as Error).message
  }
  return undefined
}

test("the first stage's grant step judges a grant as its rule's test does: another wallet address fails it", () => {
  assert.equal(
    failureOf(() => expectImmediateGrant('GNAP-GRANT-IMMEDIATE', grantFor(bob.id), asked)),
    undefined,
  )
  const other = failureOf(() =>
    expectImmediateGrant('GNAP-GRANT-IMMEDIATE', grantFor('https://ase.example/alice'), asked),
  )
  assert.deepEqual(rulesNamedIn(other ?? ''), ['GNAP-GRANT-IMMEDIATE'])
})

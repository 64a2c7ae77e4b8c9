import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { OutgoingPayment } from '@interledger/open-payments'
import type { Discovery } from '../harness/discovery/discovery.ts'
import type { SharedGrants } from '../harness/gnap/shared-grants.ts'
import { isPositiveControl } from '../harness/rules/observations.ts'
import { rulesNamedIn } from '../harness/rules/rules-named-in.ts'
import { PaymentSteps } from '../steps/payment-steps.ts'
import type { Resources } from '../steps/resources.ts'

const usd = (value: string) => ({ value, assetCode: 'USD', assetScale: 2 })
// sentOf judges an outcome already polled: it needs none of the steps' collaborators.
const steps = new PaymentSteps({} as Resources, {} as Discovery, {} as SharedGrants)

function outcome(failed: boolean, sent: string) {
  const payment = {
    id: 'https://ase.example/outgoing-payments/1',
    walletAddress: 'https://ase.example/alice',
    failed,
    receiver: 'https://ase.example/incoming-payments/2',
    debitAmount: usd('10'),
    receiveAmount: usd('10'),
    sentAmount: usd(sent),
    createdAt: '2026-01-01T00:00:00Z',
  } as OutgoingPayment
  return {
    state: failed ? ('failed' as const) : ('sent' as const),
    detail: 'sentAmount 0',
    payment,
    elapsedMs: 0,
  }
}

function failureOf(check: () => void): string {
  try {
    check()
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
  assert.fail('expected the check to fail')
}

test('a payment the check counts on, marked failed, is a failed positive control of that rule, not its failure', () => {
  // The server may rightly fail a payment it cannot deliver (OP-FAILED itself): nothing says this one could be.
  const message = failureOf(() => steps.sentOf('op-1', outcome(true, '0'), 'OP-FAILED'))
  assert.deepEqual(rulesNamedIn(message), ['OP-FAILED'])
  assert.equal(isPositiveControl(message), true, message)
})

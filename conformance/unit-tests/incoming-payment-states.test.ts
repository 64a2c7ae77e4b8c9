import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { IncomingPaymentStates } from '../harness/oracles/incoming-payment-states.ts'

const ID = 'https://ase.test/incoming-payments/1'
const amount = (value: string) => ({ value, assetCode: 'USD', assetScale: 2 })
const view = (received: string, completed: boolean, incomingAmount?: string) => ({
  id: ID,
  completed,
  receivedAmount: amount(received),
  ...(incomingAmount !== undefined ? { incomingAmount: amount(incomingAmount) } : {}),
})
const seen = (states: IncomingPaymentStates, body: unknown) =>
  states.judge(body).map(({ ref, holds }) => `${ref} ${holds ? 'held' : 'broken'}`)

function tracking(incomingAmount?: string): IncomingPaymentStates {
  const states = new IncomingPaymentStates()
  states.created(view('0', false, incomingAmount))
  return states
}

describe('the run-wide oracle of incoming payment completion', () => {
  test('paid in full and completed holds reaches-amount; paid in full, not yet completed, judges nothing', () => {
    const states = tracking('100')
    assert.deepEqual(seen(states, view('100', false, '100')), [])
    assert.deepEqual(seen(states, view('100', true, '100')), ['IP-COMPLETE-ON-RECEIPT#reaches-amount held'])
  })

  test('completed before its incomingAmount is reached, with no complete request, breaks reaches-amount', () => {
    assert.deepEqual(seen(tracking('100'), view('40', true, '100')), [
      'IP-COMPLETE-ON-RECEIPT#reaches-amount broken',
    ])
  })

  test('a complete request explains a completion: nothing is said of receiving', () => {
    const states = tracking('100')
    states.completeAnswered(view('40', true, '100'))
    assert.deepEqual(seen(states, view('40', true, '100')), [])
  })

  test('without incomingAmount: open after receiving holds, completed by receiving is broken', () => {
    assert.deepEqual(seen(tracking(), view('0', false)), [])
    assert.deepEqual(seen(tracking(), view('300', false)), [
      'IP-COMPLETE-ON-RECEIPT#open-without-amount held',
    ])
    assert.deepEqual(seen(tracking(), view('300', true)), [
      'IP-COMPLETE-ON-RECEIPT#open-without-amount broken',
    ])
  })

  test('receivedAmount that grows after the payment was seen completed breaks IP-REJECT-AFTER-COMPLETE', () => {
    const states = tracking()
    states.completeAnswered(view('300', true))
    assert.deepEqual(seen(states, view('300', true)), [])
    assert.deepEqual(seen(states, view('500', true)), ['IP-REJECT-AFTER-COMPLETE broken'])
  })

  test('a payment another worker created is not judged', () => {
    assert.deepEqual(seen(new IncomingPaymentStates(), view('40', true, '100')), [])
  })
})

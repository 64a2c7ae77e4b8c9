import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Exchange } from '../../clients/src/index.ts'
import { GrantLimits } from '../harness/oracles/grant-limits.ts'

const exchange = (token: string | undefined, json: unknown): Exchange => ({
  request: {
    method: 'POST',
    url: 'https://ase.test/x',
    headers: token ? { authorization: `GNAP ${token}` } : {},
  },
  response: { status: 200, headers: {}, body: new Uint8Array(), text: '', json },
})
const amount = (value: string, assetCode = 'USD') => ({ value, assetCode, assetScale: 2 })
const grant = (value: string, limits: unknown, continueToken = `continue-${value}`) => ({
  access_token: {
    value,
    manage: 'https://auth.test/token/1',
    access: [
      { type: 'outgoing-payment', actions: ['create', 'read'], identifier: 'https://ase.test/alice', limits },
    ],
  },
  continue: { uri: 'https://auth.test/continue/1', access_token: { value: continueToken } },
})
const receiver = 'https://ase.test/incoming-payments/r'
const payment = (id: string, debit: string, overrides: Record<string, unknown> = {}) => ({
  id,
  receiver,
  debitAmount: amount(debit),
  receiveAmount: amount(debit),
  sentAmount: amount('0'),
  failed: false,
  ...overrides,
})

/** An oracle on a clock the test moves: each step is one ms, so "before" and "after" are plain. */
function oracle() {
  let now = 0
  const limits = new GrantLimits(() => now)
  const at = (ms: number) => {
    now = ms
  }
  const create = (token: string, body: unknown, sentAt: number, arrivedAt: number) => {
    at(arrivedAt)
    return limits.created(exchange(token, body), sentAt).map(({ ref, holds }) => `${ref} ${holds}`)
  }
  const read = (body: unknown, sentAt: number, arrivedAt: number) => {
    at(arrivedAt)
    return limits.viewed(body, sentAt).map(({ ref, holds, line }) => `${ref} ${holds} ${line}`)
  }
  return { limits, create, read }
}

describe('the run-wide oracle of grant limits', () => {
  test('one payment beyond the debitAmount limit breaks LIM-AMOUNT at once; one within it records nothing', () => {
    const { limits, create } = oracle()
    limits.answered('grant', exchange(undefined, grant('t', { debitAmount: amount('30') })))
    assert.deepEqual(create('t', payment('p1', '30'), 1, 2), [])
    assert.deepEqual(create('t', payment('p2', '31'), 3, 4), ['LIM-AMOUNT false'])
  })

  test('a later payment counts an earlier one only once a read sent after its acceptance shows it not failed', () => {
    const { limits, create, read } = oracle()
    limits.answered('grant', exchange(undefined, grant('t', { debitAmount: amount('30') })))
    assert.deepEqual(create('t', payment('p1', '20'), 1, 2), [])
    assert.deepEqual(create('t', payment('p2', '20'), 3, 4), [])
    // Read before p2 was accepted: p1 may have failed between the read and p2.
    assert.deepEqual(read(payment('p1', '20'), 3, 5), [])
    const [finding, ...more] = read(payment('p1', '20'), 6, 7)
    assert.match(
      finding ?? '',
      /^LIM-AMOUNT false p2, of debitAmount 20 USD\/2, .* beside p1 \(20\).*40 in all/,
    )
    assert.deepEqual(more, [])
    // Each violation is reported once.
    assert.deepEqual(read(payment('p1', '20'), 8, 9), [])
  })

  test('a payment that failed unseen is never counted, nor one seen failed', () => {
    const { limits, create, read } = oracle()
    limits.answered('grant', exchange(undefined, grant('t', { debitAmount: amount('30') })))
    create('t', payment('p1', '20'), 1, 2)
    create('t', payment('p2', '20'), 3, 4)
    assert.deepEqual(read(payment('p1', '20', { failed: true }), 6, 7), [])
    assert.deepEqual(read(payment('p2', '20'), 8, 9), [])
  })

  test('a payment seen sent in full counts whenever it was read; one created concurrently does not', () => {
    const { limits, create, read } = oracle()
    limits.answered('grant', exchange(undefined, grant('t', { debitAmount: amount('30') })))
    create('t', payment('p1', '20'), 1, 2)
    // p3's request left before p1's 201 arrived: the server may have taken p3 first.
    create('t', payment('p3', '20'), 1, 3)
    assert.deepEqual(read(payment('p1', '20', { sentAmount: amount('20') }), 1.5, 2.5), [])
    assert.deepEqual(create('t', payment('p2', '20'), 4, 5), ['LIM-AMOUNT false'])
  })

  test('a rotated token and a continuation stay with their grant', () => {
    const { limits, create, read } = oracle()
    // The grant request gives only a continuation; its continuation issues the token.
    limits.answered('grant', exchange(undefined, { continue: { access_token: { value: 'c0' } } }))
    limits.answered('grant', exchange('c0', grant('t1', { debitAmount: amount('30') }, 'c1')))
    limits.answered('rotate', exchange('t1', grant('t2', { debitAmount: amount('30') })))
    create('t1', payment('p1', '20'), 1, 2)
    create('t2', payment('p2', '20'), 3, 4)
    assert.equal(read(payment('p1', '20'), 5, 6).length, 1)
  })

  test('amounts in another asset than the limit, and grants with an interval, are not judged', () => {
    const { limits, create } = oracle()
    limits.answered('grant', exchange(undefined, grant('t', { debitAmount: amount('30', 'EUR') })))
    assert.deepEqual(create('t', payment('p1', '50'), 1, 2), [])
    const interval = { debitAmount: amount('30'), interval: 'R/2026-01-01T00:00:00Z/P1D' }
    limits.answered('grant', exchange(undefined, grant('u', interval)))
    assert.deepEqual(create('u', payment('p2', '50'), 3, 4), [])
  })

  test('a receiveAmount limit is held against receiveAmount', () => {
    const { limits, create } = oracle()
    limits.answered('grant', exchange(undefined, grant('t', { receiveAmount: amount('30') })))
    const over = payment('p1', '10', { receiveAmount: amount('31') })
    assert.deepEqual(create('t', over, 1, 2), ['LIM-AMOUNT false'])
  })

  test('a payment to another receiver than the grant names breaks LIM-RECEIVER; the named one, written otherwise, does not', () => {
    const { limits, create } = oracle()
    limits.answered('grant', exchange(undefined, grant('t', { receiver })))
    assert.deepEqual(create('t', payment('p1', '10', { receiver: `${receiver}/` }), 1, 2), [])
    const other = payment('p2', '10', { receiver: 'https://ase.test/incoming-payments/other' })
    assert.deepEqual(create('t', other, 3, 4), ['LIM-RECEIVER false'])
  })

  test('a token with two outgoing-payment entries, or tokens of one grant with different limits, is not judged', () => {
    const { limits, create } = oracle()
    const two = grant('t', { debitAmount: amount('30') })
    two.access_token.access.push({
      ...two.access_token.access[0],
      identifier: 'https://ase.test/bob',
    } as never)
    limits.answered('grant', exchange(undefined, two))
    assert.deepEqual(create('t', payment('p1', '50'), 1, 2), [])
    limits.answered('grant', exchange(undefined, grant('u1', { debitAmount: amount('30') }, 'cu')))
    limits.answered('grant', exchange('cu', grant('u2', { debitAmount: amount('90') }, 'cu2')))
    assert.deepEqual(create('u1', payment('p2', '50'), 3, 4), [])
  })
})

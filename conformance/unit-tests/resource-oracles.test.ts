import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { describe, test } from 'node:test'
import { createdIncomingPaymentChecks } from '../harness/oracles/incoming-payment-oracle.ts'
import { ORACLE_RULES } from '../harness/oracles/oracle-rules.ts'
import { createdOf, sameAsCreatedChecks } from '../harness/oracles/same-as-created.ts'
import { UndeliverablePayments } from '../harness/oracles/undeliverable-payments.ts'

const WALLET = 'https://ase.test/alice'
const amount = (value: string) => ({ value, assetCode: 'USD', assetScale: 2 })
const created = (overrides: Record<string, unknown> = {}) => ({
  id: 'https://ase.test/incoming-payments/1',
  walletAddress: WALLET,
  completed: false,
  receivedAmount: amount('0'),
  createdAt: '2026-12-06T10:00:00.000Z',
  methods: [{ type: 'ilp', ilpAddress: 'test.ase', sharedSecret: 'c2VjcmV0' }],
  ...overrides,
})
const failing = (checks: ReturnType<typeof createdIncomingPaymentChecks>) =>
  checks.filter((c) => !c.holds).map((c) => c.ref)

describe('the run-wide oracle of incoming payment creation', () => {
  test('a create that echoes what was sent holds every clause it can judge', () => {
    const sent = { walletAddress: WALLET, incomingAmount: amount('1'), metadata: { k: 'v' } }
    const checks = createdIncomingPaymentChecks(
      sent,
      created({ incomingAmount: amount('1'), metadata: { k: 'v' } }),
    )
    assert.deepEqual(failing(checks), [])
    assert.deepEqual(
      checks.map((c) => c.ref),
      [
        'IP-CREATE#created',
        'IP-CREATE#methods',
        'IP-CREATE#wallet-address',
        'IP-CREATE#echo-incoming-amount',
        'IP-METADATA#create',
      ],
    )
  })

  test('a server that ignores the request body breaks the echo clauses, not the 201', () => {
    const sent = {
      walletAddress: `${WALLET}-bob`,
      incomingAmount: amount('1'),
      expiresAt: '2026-12-06T11:00:00Z',
    }
    const answer = created({ incomingAmount: amount('2500'), expiresAt: '2026-12-07T10:00:00Z' })
    assert.deepEqual(failing(createdIncomingPaymentChecks(sent, answer)), [
      'IP-CREATE#wallet-address',
      'IP-CREATE#echo-incoming-amount',
      'IP-CREATE#echo-expires-at',
    ])
  })

  test('an expiresAt shortened by the server and an amount written with leading zeros are allowed', () => {
    const sent = { walletAddress: WALLET, incomingAmount: amount('100'), expiresAt: '2026-12-06T11:00:00Z' }
    const answer = created({ incomingAmount: amount('0100'), expiresAt: '2026-12-06T10:30:00Z' })
    assert.deepEqual(failing(createdIncomingPaymentChecks(sent, answer)), [])
  })

  test('an incomingAmount the request did not give breaks the echo', () => {
    const invented = created({ incomingAmount: amount('2500') })
    assert.deepEqual(failing(createdIncomingPaymentChecks({ walletAddress: WALLET }, invented)), [
      'IP-CREATE#echo-incoming-amount',
    ])
  })

  test('a payment without methods breaks IP-CREATE#methods', () => {
    assert.deepEqual(
      failing(createdIncomingPaymentChecks({ walletAddress: WALLET }, created({ methods: [] }))),
      ['IP-CREATE#methods'],
    )
  })

  test('a later view is held against create only in the fields it shows', () => {
    const fixed = createdOf(
      'incoming-payment',
      created({ incomingAmount: amount('5'), metadata: { k: 'v' } }),
    )!
    const same = created({ incomingAmount: amount('5'), metadata: { k: 'v' }, completed: true })
    assert.equal(sameAsCreatedChecks('IP-GET#found', fixed, same, 'get')[0]?.holds, true)
    const publicView = { id: created().id, receivedAmount: amount('0'), incomingAmount: amount('5') }
    assert.equal(sameAsCreatedChecks('IP-GET#found', fixed, publicView, 'get')[0]?.holds, true)
    const moved = sameAsCreatedChecks(
      'IP-GET#found',
      fixed,
      created({ incomingAmount: amount('6') }),
      'get',
    )[0]
    assert.equal(moved?.holds, false)
    assert.match(moved?.line ?? '', /incomingAmount/)
  })
})

describe('later views held against create', () => {
  test('a quote read back with another debitAmount breaks QT-GET#found; times compare as instants', () => {
    const quote = {
      id: 'https://ase.test/quotes/q',
      walletAddress: WALLET,
      receiver: 'https://ase.test/incoming-payments/r',
      debitAmount: amount('10'),
      receiveAmount: amount('9'),
      createdAt: '2026-12-06T10:00:00Z',
      expiresAt: '2026-12-06T10:05:00Z',
    }
    const created = createdOf('quote', quote)!
    const readAgain = { ...quote, createdAt: '2026-12-06T10:00:00.000Z' }
    assert.equal(sameAsCreatedChecks('QT-GET#found', created, readAgain, 'get')[0]?.holds, true)
    const moved = sameAsCreatedChecks(
      'QT-GET#found',
      created,
      { ...quote, debitAmount: amount('11') },
      'get',
    )[0]
    assert.equal(moved?.holds, false)
    assert.match(moved?.line ?? '', /^get differs from what create returned in debitAmount/)
  })
})

test("an outgoing payment's metadata keeps the client's keys; the server may add its own", () => {
  const payment = {
    id: 'https://ase.test/outgoing-payments/p',
    walletAddress: WALLET,
    metadata: { marker: 'm' },
  }
  const created = createdOf('outgoing-payment', payment)!
  const failed = {
    ...payment,
    metadata: { marker: 'm', cancellationReason: 'Account does not have enough balance.' },
  }
  assert.equal(sameAsCreatedChecks('OP-GET#found', created, failed, 'get')[0]?.holds, true)
  const lost = { ...payment, metadata: { cancellationReason: 'x' } }
  assert.equal(sameAsCreatedChecks('OP-GET#found', created, lost, 'get')[0]?.holds, false)
  // An incoming payment's is returned unchanged (IP-METADATA).
  const incoming = createdOf('incoming-payment', { ...payment, id: 'https://ase.test/incoming-payments/i' })!
  assert.equal(
    sameAsCreatedChecks(
      'IP-GET#found',
      incoming,
      { ...failed, id: 'https://ase.test/incoming-payments/i' },
      'get',
    )[0]?.holds,
    false,
  )
})

describe('the run-wide oracle of OP-FAILED', () => {
  const receiver = 'https://ase.test/incoming-payments/r'
  const payment = (overrides: Record<string, unknown> = {}) => ({
    id: 'https://ase.test/outgoing-payments/p',
    receiver,
    debitAmount: amount('508'),
    receiveAmount: amount('508'),
    sentAmount: amount('0'),
    failed: false,
    ...overrides,
  })
  const oracle = () => {
    let now = 0
    const payments = new UndeliverablePayments(24_000, () => now)
    return { payments, later: (ms: number) => (now += ms) }
  }

  test('a payment into a completed receiver, still unsent and not failed after twice the settlement time, breaks it', () => {
    const { payments, later } = oracle()
    payments.sawIncoming({ id: receiver, completed: false })
    payments.sawCreated(payment())
    payments.sawIncoming({ id: receiver, completed: true })
    assert.deepEqual(payments.judge(payment()), [])
    later(25_000)
    // One settlement time past: it may yet be marked failed (variant failure-marked-late).
    assert.deepEqual(payments.judge(payment()), [])
    later(25_000)
    const [check] = payments.judge(payment())
    assert.equal(check?.holds, false)
    assert.match(check?.line ?? '', /can no longer be delivered \(its receiver .* is completed\)/)
  })

  test('a payment marked failed holds it; one into an open receiver is not judged', () => {
    const { payments, later } = oracle()
    payments.sawIncoming({ id: receiver, completed: false })
    payments.sawCreated(payment())
    later(60_000)
    assert.deepEqual(payments.judge(payment()), [])
    assert.equal(payments.judge(payment({ failed: true }))[0]?.holds, true)
  })

  test('a payment sent in full is never charged', () => {
    const { payments, later } = oracle()
    payments.sawIncoming({ id: receiver, completed: true })
    payments.sawCreated(payment())
    later(60_000)
    assert.deepEqual(payments.judge(payment({ sentAmount: amount('508') })), [])
  })
})

test('ORACLE_RULES names every rule the oracles judge, and only those', () => {
  // Every oracle file but the list itself.
  const folder = new URL('../harness/oracles/', import.meta.url)
  const source = readdirSync(folder)
    .filter((file) => file.endsWith('.ts') && file !== 'oracle-rules.ts')
    .map((file) => readFileSync(new URL(`../harness/oracles/${file}`, import.meta.url), 'utf8'))
    .join('\n')
  const judged = new Set(
    [...source.matchAll(/'([A-Z]{2,}(?:-[A-Z0-9]+)+)(?:#[a-z0-9-]+)?'/g)].map((m) => m[1]),
  )
  assert.deepEqual([...judged].sort(), [...ORACLE_RULES].sort())
})

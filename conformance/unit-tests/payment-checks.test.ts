import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { OutgoingPayment } from '@interledger/open-payments'
import { msUntilServerPasses } from '../harness/time/server-time.ts'
import { isFullySent, sentWithinDebit } from '../steps/amounts.ts'

const usd = (value: string) => ({ value, assetCode: 'USD', assetScale: 2 })
const eur = (value: string) => ({ value, assetCode: 'EUR', assetScale: 2 })

function payment(
  debit: string,
  receive: ReturnType<typeof usd>,
  sent: ReturnType<typeof usd>,
): OutgoingPayment {
  return {
    id: 'https://ase.example/outgoing-payments/1',
    walletAddress: 'https://ase.example/alice',
    failed: false,
    receiver: 'https://ase.example/incoming-payments/2',
    debitAmount: usd(debit),
    receiveAmount: receive,
    sentAmount: sent,
    createdAt: '2026-01-01T00:00:00Z',
  }
}

test('a payment is fully sent when sentAmount reaches debitAmount or receiveAmount, in either asset', () => {
  assert.equal(isFullySent(payment('10', usd('10'), usd('10'))), true)
  assert.equal(isFullySent(payment('10', usd('10'), usd('9'))), false)
  assert.equal(isFullySent(payment('10', usd('10'), usd('0'))), false)
  // With a fee in one asset, what is sent lands between receiveAmount and debitAmount.
  assert.equal(isFullySent(payment('11', usd('10'), usd('10'))), true)
  // Across assets, counted in the sender's asset up to debitAmount or in the receiver's up to receiveAmount.
  assert.equal(isFullySent(payment('10', eur('8'), usd('10'))), true)
  assert.equal(isFullySent(payment('10', eur('8'), eur('8'))), true)
  assert.equal(isFullySent(payment('10', eur('8'), usd('8'))), false)
})

test('sentAmount in the debit asset never exceeds debitAmount', () => {
  assert.equal(sentWithinDebit(payment('10', usd('10'), usd('10'))), true)
  assert.equal(sentWithinDebit(payment('10', usd('10'), usd('11'))), false)
  assert.equal(sentWithinDebit(payment('10', eur('8'), eur('9'))), true)
})

test("the wait for a server deadline uses the server's own stamps, whatever its clock offset", () => {
  const now = Date.now()
  // The server's clock is an hour behind ours: only the 10 s between its stamps count.
  const wait = msUntilServerPasses('2020-01-01T00:00:10Z', '2020-01-01T00:00:00Z', now)
  assert.ok(wait > 10_000 && wait <= 12_000, `${wait} ms`)
  assert.equal(msUntilServerPasses('2020-01-01T00:00:00Z', '2020-01-01T00:00:10Z', now - 5_000), 0)
})

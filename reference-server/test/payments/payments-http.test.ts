import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { databaseVariants } from '../support/helpers.ts'
import {
  incomingAccess,
  type Json,
  later,
  type PaymentServer,
  sleep,
  startPaymentServer,
  U64_MAX,
  usd,
} from '../support/payment-server-fixture.ts'

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

for (const variant of databaseVariants('payments-http')) {
  describe(`incoming payments, quotes and outgoing payments over HTTP (${variant.name})`, () => {
    let s: PaymentServer

    before(async () => {
      s = await startPaymentServer(variant)
    })

    after(() => s?.close())

    describe('incoming payments', () => {
      it('creates, reads (full and public views), lists and completes', async () => {
        const expiresAt = later(3_600_000)
        const created = await s.createIncoming({
          incomingAmount: usd(U64_MAX),
          expiresAt,
          metadata: { externalRef: 'INV-1', nested: { n: 1 } },
        })
        const { id, createdAt, methods, ...rest } = created
        assert.match(String(id), new RegExp(`^${s.server.url}/incoming-payments/[0-9a-f-]{36}$`))
        assert.deepEqual(rest, {
          walletAddress: s.bob,
          completed: false,
          incomingAmount: usd(U64_MAX),
          receivedAmount: usd('0'),
          expiresAt,
          metadata: { externalRef: 'INV-1', nested: { n: 1 } },
        })
        assert.ok(Date.parse(String(createdAt)) <= Date.now())
        const [method] = methods as { type: string; ilpAddress: string; sharedSecret: string }[]
        assert.equal((methods as unknown[]).length, 1)
        assert.equal(method?.type, 'ilp')
        assert.match(
          method?.ilpAddress ?? '',
          /^(g|private|example|peer|self|test[1-3]?|local)([.][a-zA-Z0-9_~-]+)+$/,
        )
        assert.match(method?.sharedSecret ?? '', /^[a-zA-Z0-9-_]{43}$/)

        const token = await s.receiverToken()
        const read = await s.client.send('GET', String(id), { token })
        assert.deepEqual([read.status, read.body], [200, created])
        const publicView = await fetch(String(id))
        assert.equal(publicView.status, 200)
        assert.deepEqual(await publicView.json(), {
          receivedAmount: usd('0'),
          authServer: s.server.publicUrls.authServer,
        })

        const listUrl = `${s.server.url}/incoming-payments?wallet-address=${s.bob}`
        const listed = await s.client.send('GET', listUrl, { token })
        assert.equal(listed.status, 200)
        const { methods: _, ...withoutMethods } = created
        assert.deepEqual((listed.body as { result: Json[] }).result[0], withoutMethods)

        const completed = await s.client.send('POST', `${id}/complete`, { token })
        assert.deepEqual([completed.status, completed.body], [200, { ...withoutMethods, completed: true }])
        const again = await s.client.send('POST', `${id}/complete`, { token })
        assert.equal(again.status, 409)
        const afterwards = await s.client.send('GET', String(id), { token })
        assert.deepEqual((afterwards.body as Json).methods, [])

        const unknown = `${s.server.url}/incoming-payments/${UNKNOWN_ID}`
        assert.equal((await s.client.send('POST', `${unknown}/complete`, { token })).status, 404)
        assert.equal((await s.client.send('GET', unknown, { token })).status, 404)
        assert.equal((await fetch(unknown)).status, 404)
      })

      const badBodies: [string, Json][] = [
        ['a signed value', { incomingAmount: usd('+1') }],
        ['a negative value', { incomingAmount: usd('-1') }],
        ['a decimal value', { incomingAmount: usd('1.5') }],
        ['an exponent', { incomingAmount: usd('1e3') }],
        ['2^64', { incomingAmount: usd('18446744073709551616') }],
        ['a numeric value', { incomingAmount: { value: 5, assetCode: 'USD', assetScale: 2 } }],
        ['assetScale 256', { incomingAmount: { value: '5', assetCode: 'USD', assetScale: 256 } }],
        ['a fractional assetScale', { incomingAmount: { value: '5', assetCode: 'USD', assetScale: 1.5 } }],
        ['another asset', { incomingAmount: { value: '5', assetCode: 'EUR', assetScale: 2 } }],
        ['a past expiresAt', { expiresAt: '2020-01-01T00:00:00Z' }],
        ['a malformed expiresAt', { expiresAt: 'tomorrow' }],
        ['an array as metadata', { metadata: [1] }],
        ['an unknown field', { amount: usd('5') }],
      ]
      for (const [name, body] of badBodies) {
        it(`answers 400 to ${name}`, async () => {
          const response = await s.client.send('POST', `${s.server.url}/incoming-payments`, {
            token: await s.receiverToken(),
            json: { walletAddress: s.bob, ...body },
          })
          assert.equal(response.status, 400, JSON.stringify(response.body))
          assert.equal((response.body as { error: { code: string } }).error.code, 'invalid_request')
        })
      }

      it('answers 403 to a wallet address the token does not name', async () => {
        const response = await s.client.send('POST', `${s.server.url}/incoming-payments`, {
          token: await s.receiverToken(),
          json: { walletAddress: s.alice },
        })
        assert.equal(response.status, 403)
      })

      it('hides another client’s payment from a token holding read, not read-all', async () => {
        const created = await s.createIncoming()
        const readOnly = await s.otherClient.token([incomingAccess(s.bob, ['read', 'list'])])
        const readAll = await s.otherClient.token([incomingAccess(s.bob, ['read-all', 'list-all'])])
        assert.equal((await s.otherClient.send('GET', String(created.id), { token: readOnly })).status, 404)
        assert.equal((await s.otherClient.send('GET', String(created.id), { token: readAll })).status, 200)
        const listUrl = `${s.server.url}/incoming-payments?wallet-address=${s.bob}`
        const own = (await s.otherClient.send('GET', listUrl, { token: readOnly })).body as { result: Json[] }
        assert.deepEqual(own.result, [])
        const all = (await s.otherClient.send('GET', listUrl, { token: readAll })).body as { result: Json[] }
        assert.equal(all.result[0]?.id, created.id)
        const otherWallet = await s.otherClient.send(
          'GET',
          `${s.server.url}/incoming-payments?wallet-address=${s.alice}`,
          { token: readAll },
        )
        assert.equal(otherWallet.status, 403)
      })
    })

    describe('quotes and outgoing payments', () => {
      it('pays a receiver in full through a quote, then refuses further quotes and payments', async () => {
        // The grant first: its consent can take longer than the quote's 2 s life on a loaded machine.
        const token = await s.outgoingToken({ debitAmount: usd('1000') })
        const receiver = await s.createIncoming({ incomingAmount: usd('500') })
        const quoted = await s.createQuote({ receiver: receiver.id })
        assert.equal(quoted.status, 201, JSON.stringify(quoted.body))
        const quote = quoted.body as Json
        assert.deepEqual(
          [quote.debitAmount, quote.receiveAmount, quote.method],
          [usd('500'), usd('500'), 'ilp'],
        )
        const expiresIn = Date.parse(String(quote.expiresAt)) - Date.now()
        assert.ok(expiresIn > 0 && expiresIn <= 2000, `expiresAt ${quote.expiresAt}`)
        const readQuote = await s.client.send('GET', String(quote.id), {
          token: await s.receiverToken(),
        })
        assert.deepEqual([readQuote.status, readQuote.body], [200, quote])

        const created = await s.pay(token, { quoteId: quote.id, metadata: { order: 1 } })
        assert.equal(created.status, 201, JSON.stringify(created.body))
        const payment = created.body as Json
        assert.deepEqual(
          [payment.quoteId, payment.receiver, payment.failed, payment.sentAmount, payment.metadata],
          [quote.id, receiver.id, false, usd('0'), { order: 1 }],
        )
        assert.deepEqual(
          [payment.grantSpentDebitAmount, payment.grantSpentReceiveAmount],
          [usd('0'), usd('0')],
        )

        const sent = await s.settled(token, String(payment.id))
        assert.deepEqual([sent.sentAmount, sent.failed], [usd('500'), false])
        const paid = await s.client.send('GET', String(receiver.id), { token: await s.receiverToken() })
        assert.deepEqual(
          [(paid.body as Json).receivedAmount, (paid.body as Json).completed],
          [usd('500'), true],
        )
        const spent = await s.client.send('GET', `${s.server.url}/outgoing-payment-grant`, { token })
        assert.deepEqual(
          [spent.status, spent.body],
          [200, { spentDebitAmount: usd('500'), spentReceiveAmount: usd('500') }],
        )

        assert.equal((await s.pay(token, { quoteId: quote.id })).status, 400, 'quote reuse')
        assert.equal((await s.createQuote({ receiver: receiver.id, debitAmount: usd('1') })).status, 400)
        assert.equal(
          (await s.pay(token, { incomingPayment: receiver.id, debitAmount: usd('1') })).status,
          400,
        )
      })

      it('validates quote requests', async () => {
        const open = await s.createIncoming()
        const both = await s.createQuote({
          receiver: open.id,
          debitAmount: usd('1'),
          receiveAmount: usd('1'),
        })
        assert.equal(both.status, 400)
        const neither = await s.createQuote({ receiver: open.id })
        assert.deepEqual(
          [neither.status, neither.body],
          [
            400,
            {
              error: {
                code: 'invalid_request',
                description: 'No amount was provided and no amount could be inferred from the receiver.',
              },
            },
          ],
        )
        const foreign = await s.createQuote({
          receiver: `https://elsewhere.example/incoming-payments/${UNKNOWN_ID}`,
          debitAmount: usd('1'),
        })
        assert.equal(foreign.status, 400)
        const noMethod = await s.client.send('POST', `${s.server.url}/quotes`, {
          token: await s.receiverToken(),
          json: { walletAddress: s.alice, receiver: open.id, debitAmount: usd('1') },
        })
        assert.equal(noMethod.status, 400)
        const fixedReceive = await s.createQuote({ receiver: open.id, receiveAmount: usd('42') })
        assert.deepEqual((fixedReceive.body as Json).debitAmount, usd('42'))

        const euros = await s.client.token([incomingAccess(s.carol, ['create'])])
        const euroReceiver = await s.client.send('POST', `${s.server.url}/incoming-payments`, {
          token: euros,
          json: { walletAddress: s.carol },
        })
        const crossAsset = await s.createQuote({
          receiver: (euroReceiver.body as Json).id,
          debitAmount: usd('1001'),
        })
        // 10.01 USD at 0.8 is 8.008 EUR: the receiver gets 8.00.
        assert.deepEqual((crossAsset.body as Json).receiveAmount, {
          value: '800',
          assetCode: 'EUR',
          assetScale: 2,
        })
        const unknown = `${s.server.url}/quotes/${UNKNOWN_ID}`
        assert.equal((await s.client.send('GET', unknown, { token: await s.receiverToken() })).status, 404)
      })

      it('refuses an expired quote and an unknown one', async () => {
        const receiver = await s.createIncoming()
        const quote = (await s.createQuote({ receiver: receiver.id, debitAmount: usd('5') })).body as Json
        const token = await s.outgoingToken()
        const unknown = await s.pay(token, { quoteId: `${s.server.url}/quotes/${UNKNOWN_ID}` })
        assert.equal(unknown.status, 400)
        await sleep(Date.parse(String(quote.expiresAt)) - Date.now() + 50)
        assert.equal((await s.pay(token, { quoteId: quote.id })).status, 400)
      })

      it('pays from an incoming payment and a debitAmount, and lists and reads payments', async () => {
        const receiver = await s.createIncoming()
        const token = await s.outgoingToken()
        const created = await s.pay(token, { incomingPayment: receiver.id, debitAmount: usd('7') })
        assert.equal(created.status, 201, JSON.stringify(created.body))
        const payment = created.body as Json
        assert.equal(payment.quoteId, undefined)
        assert.deepEqual(payment.receiveAmount, usd('7'))
        const settled = await s.settled(token, String(payment.id))
        assert.deepEqual(settled.sentAmount, usd('7'))

        const listUrl = `${s.server.url}/outgoing-payments?wallet-address=${s.alice}`
        const listed = await s.client.send('GET', listUrl, { token })
        assert.equal(listed.status, 200)
        const first = (listed.body as { result: Json[] }).result[0]
        assert.deepEqual([first?.id, first?.sentAmount], [payment.id, usd('7')])
        const unknown = `${s.server.url}/outgoing-payments/${UNKNOWN_ID}`
        assert.equal((await s.client.send('GET', unknown, { token })).status, 404)
        const wrongAsset = await s.pay(token, {
          incomingPayment: receiver.id,
          debitAmount: { value: '7', assetCode: 'EUR', assetScale: 2 },
        })
        assert.equal(wrongAsset.status, 400)
      })
    })
  })
}

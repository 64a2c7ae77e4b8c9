import type { IncomingPayment, IncomingPaymentWithPaymentMethods } from '@interledger/open-payments'
import { amountIn } from '../discovery/discovery.ts'
import { expect, test } from '../fixtures/conformance-test.ts'
import { summarize } from '../http/format-exchange.ts'
import { expectAuthorizationRequired, expectPublicView } from '../resources/authentication-checks.ts'
import {
  coreFields,
  expectCreated,
  expectPayableMethods,
  otherAssetCode,
  otherAssetScale,
} from '../resources/incoming-payment-checks.ts'
import {
  anHourAhead,
  expectNothingCreated,
  expectRefused,
  readIncomingPayment,
  unknownIncomingPayment,
} from '../resources/incoming-payment-steps.ts'
import { listCall } from '../resources/list-pages.ts'
import { hasMarker, markerMetadata, resourceCalls } from '../resources/resource-calls.ts'
import { newMarker } from '../resources/resources.ts'
import { msUntilServerPasses, sleep } from '../resources/server-time.ts'
import { walkList } from '../resources/walk-list.ts'
import { covers, rule } from '../rules/covers.ts'
import { warn } from '../rules/warn.ts'

test.describe('incoming payments: create', () => {
  test(
    'with incomingAmount, expiresAt and metadata: each is returned as requested',
    covers('IP-CREATE', 'IP-METHODS', 'IP-METADATA'),
    async ({ resources, discovery, sharedGrants }) => {
      const { receiver } = discovery
      const token = await sharedGrants.token('incoming-payment')
      const sent = {
        incomingAmount: amountIn(receiver, 2500n),
        expiresAt: anHourAhead(),
        metadata: {
          ...markerMetadata(newMarker()),
          description: 'Invoice INV-42 \u00e9\ud83d\ude00',
          nested: { lines: [1, 2.5, null, true, { sku: 'A-1' }] },
        },
      }
      const exchange = await resources.send(resourceCalls.createIncomingPaymentWith(receiver, sent), token)
      expectCreated(exchange, receiver, sent, 'create with every optional field')
      expectPayableMethods(exchange, 'the created incoming payment')
    },
  )

  test(
    'with walletAddress alone',
    covers('IP-CREATE', 'IP-METHODS'),
    async ({ resources, discovery, sharedGrants }) => {
      const { receiver } = discovery
      const token = await sharedGrants.token('incoming-payment')
      const exchange = await resources.send(resourceCalls.createIncomingPaymentWith(receiver, {}), token)
      expectCreated(exchange, receiver, {}, 'create with walletAddress alone')
      expectPayableMethods(exchange, 'the created incoming payment')
    },
  )

  const badBodies: { name: string; fields: Record<string, unknown> }[] = [
    { name: 'without walletAddress', fields: { walletAddress: undefined } },
    { name: 'with an unknown field', fields: { amount: '5' } },
    { name: 'with a malformed expiresAt', fields: { expiresAt: 'tomorrow' } },
    { name: 'with an expiresAt on February 30', fields: { expiresAt: '2030-02-30T00:00:00Z' } },
  ]
  for (const { name, fields } of badBodies) {
    test(`${name}: 400`, covers('IP-CREATE'), async ({ resources, discovery, sharedGrants }) => {
      const { receiver } = discovery
      const token = await sharedGrants.token('incoming-payment')
      const marker = newMarker()
      const valid = { incomingAmount: amountIn(receiver, 100n), metadata: markerMetadata(marker) }
      const refused = await resources.send(
        resourceCalls.createIncomingPaymentWith(receiver, { ...valid, ...fields }),
        token,
      )
      expectRefused('IP-CREATE', refused, [400], `create ${name}`)
      await expectNothingCreated(resources, 'IP-CREATE', receiver, token, marker, `create ${name}`)

      const control = await resources.send(resourceCalls.createIncomingPaymentWith(receiver, valid), token)
      expect(
        control.response.status,
        rule('IP-CREATE', `positive control, the same body made valid: ${summarize(control)}`),
      ).toBe(201)
    })
  }

  test(
    "an incomingAmount outside the wallet address's asset: 400",
    covers('IP-ASSET'),
    async ({ resources, discovery, sharedGrants }) => {
      const { receiver } = discovery
      const token = await sharedGrants.token('incoming-payment')
      const own = amountIn(receiver, 100n)
      const foreign = [
        {
          what: `assetCode ${otherAssetCode(receiver)}`,
          amount: { ...own, assetCode: otherAssetCode(receiver) },
        },
        {
          what: `assetScale ${otherAssetScale(receiver)}`,
          amount: { ...own, assetScale: otherAssetScale(receiver) },
        },
      ]
      const marker = newMarker()
      for (const { what, amount } of foreign) {
        const refused = await resources.send(
          resourceCalls.createIncomingPaymentWith(receiver, {
            incomingAmount: amount,
            metadata: markerMetadata(marker),
          }),
          token,
        )
        expectRefused('IP-ASSET', refused, [400], `an incomingAmount in ${what} on ${receiver.id}`)
      }
      await expectNothingCreated(resources, 'IP-ASSET', receiver, token, marker, 'the refused creations')

      const control = await resources.send(
        resourceCalls.createIncomingPaymentWith(receiver, { incomingAmount: own }),
        token,
      )
      expectCreated(
        control,
        receiver,
        { incomingAmount: own },
        "positive control, the wallet address's asset",
      )
    },
  )
})

test.describe('incoming payments: get and list', () => {
  test(
    'get returns the payment as created, with its methods; an unknown id is 404',
    covers('IP-GET', 'IP-METHODS', 'IP-METADATA'),
    async ({ resources, discovery, sharedGrants }) => {
      const { receiver } = discovery
      const token = await sharedGrants.token('incoming-payment')
      const sent = {
        incomingAmount: amountIn(receiver, 300n),
        expiresAt: anHourAhead(),
        metadata: markerMetadata(newMarker()),
      }
      const created = expectCreated(
        await resources.send(resourceCalls.createIncomingPaymentWith(receiver, sent), token),
        receiver,
        sent,
        'create',
      )

      const found = await readIncomingPayment(resources, created.id, token, 'IP-GET')
      expect(
        coreFields(found.response.json as IncomingPayment),
        rule('IP-GET', 'get shows the fields create returned'),
      ).toEqual(coreFields(created))
      expectPayableMethods(found, 'get')

      const unknown = await resources.send(
        resourceCalls.getIncomingPayment(unknownIncomingPayment(receiver)),
        token,
      )
      expectRefused('IP-GET', unknown, [404], 'get of an id the server never issued')
    },
  )

  test(
    "list returns {pagination, result} of the wallet address's incoming payments",
    covers('IP-LIST', 'IP-METADATA'),
    async ({ resources, discovery, sharedGrants }) => {
      const { receiver } = discovery
      const token = await sharedGrants.token('incoming-payment')
      const marker = newMarker()
      const sent = { incomingAmount: amountIn(receiver, 400n), metadata: markerMetadata(marker) }
      const created = expectCreated(
        await resources.send(resourceCalls.createIncomingPaymentWith(receiver, sent), token),
        receiver,
        sent,
        'create',
      )

      const listed = (await walkList(
        resources,
        resourceCalls.listIncomingPayments(receiver, 100),
        token,
        'IP-LIST',
      )) as IncomingPayment[]
      const mine = listed.filter((item) => hasMarker(item, marker))
      expect(
        mine.length,
        rule('IP-LIST', `the list shows the payment just created, once (${created.id})`),
      ).toBe(1)
      expect(
        coreFields(mine[0]!),
        rule('IP-LIST', 'the listed item shows the fields create returned (methods aside)'),
      ).toEqual(coreFields(created))
      for (const item of listed) {
        expect(item.walletAddress, rule('IP-LIST', `listed ${item.id} belongs to ${receiver.id}`)).toBe(
          receiver.id,
        )
      }

      const withoutAddress = new URL(listCall(receiver, 'incoming-payments', {}).url)
      withoutAddress.searchParams.delete('wallet-address')
      const refused = await resources.send(
        { ...resourceCalls.listIncomingPayments(receiver), url: withoutAddress.href },
        token,
      )
      expectRefused('IP-LIST', refused, [400], 'a list without the required wallet-address')
    },
  )

  test(
    'without Authorization, get answers 401 or a view without payment methods',
    covers('IP-PUBLIC-VIEW', 'AUTH-REQUIRED', 'AUTH-WWW-AUTHENTICATE'),
    async ({ api, resources, discovery, sharedGrants }) => {
      const { receiver } = discovery
      const token = await sharedGrants.token('incoming-payment')
      const created = await resources.createIncomingPayment(token, receiver)
      const full = await readIncomingPayment(resources, created.id, token, 'IP-PUBLIC-VIEW')
      expectPayableMethods(full, 'positive control, get with a token')

      const call = resourceCalls.getIncomingPayment(created.id)
      const anonymous = await api.send({ ...call, sign: false })
      if (anonymous.response.status === 401) {
        expectAuthorizationRequired(anonymous, receiver, 'an unauthenticated get')
        return
      }
      expectPublicView(anonymous, 'an unauthenticated get', 'IP-PUBLIC-VIEW')
      const secrets = (full.response.json as IncomingPaymentWithPaymentMethods).methods.map(
        (method) => method.sharedSecret,
      )
      expect(
        secrets.filter((secret) => anonymous.response.text.includes(secret)),
        rule('IP-PUBLIC-VIEW', 'the public view reveals no sharedSecret'),
      ).toEqual([])
      const view = anonymous.response.json as { receivedAmount?: unknown; authServer?: unknown }
      if (view.receivedAmount !== undefined) {
        expect(
          view.receivedAmount,
          rule('IP-PUBLIC-VIEW', 'the public receivedAmount is the payment’s'),
        ).toEqual((full.response.json as IncomingPayment).receivedAmount)
      }
      if (view.authServer !== undefined && view.authServer !== receiver.authServer) {
        warn(
          'IP-PUBLIC-VIEW',
          `the public view's authServer ${view.authServer} is not ${receiver.authServer}`,
        )
      }
      const unknown = await api.send({
        ...resourceCalls.getIncomingPayment(unknownIncomingPayment(receiver)),
        sign: false,
      })
      expectRefused('IP-PUBLIC-VIEW', unknown, [401, 404], 'an unauthenticated get of an unknown id')
    },
  )
})

test.describe('incoming payments: complete', () => {
  test(
    'complete sets completed; completing again changes nothing; an unknown id is 404',
    covers('IP-COMPLETE'),
    async ({ resources, discovery, sharedGrants }) => {
      const { receiver } = discovery
      const token = await sharedGrants.token('incoming-payment')
      const created = await resources.createIncomingPayment(token, receiver)
      const open = await readIncomingPayment(resources, created.id, token, 'IP-COMPLETE')
      expect(
        (open.response.json as IncomingPayment).completed,
        rule('IP-COMPLETE', 'positive control: not completed before complete'),
      ).toBe(false)

      const completed = await resources.send(resourceCalls.completeIncomingPayment(created.id), token)
      expect(
        completed.response.status,
        rule('IP-COMPLETE', `complete answers 200: ${summarize(completed)}`),
      ).toBe(200)
      const body = completed.response.json as IncomingPayment
      expect(body.id, rule('IP-COMPLETE', 'complete returns the payment completed')).toBe(created.id)
      expect(body.completed, rule('IP-COMPLETE', 'complete returns completed: true')).toBe(true)
      const after = (await readIncomingPayment(resources, created.id, token, 'IP-COMPLETE')).response
        .json as IncomingPayment
      expect(after.completed, rule('IP-COMPLETE', 'get after complete shows completed: true')).toBe(true)

      const again = await resources.send(resourceCalls.completeIncomingPayment(created.id), token)
      expectRefused('IP-COMPLETE', again, [400, 409], 'completing a completed incoming payment')
      const unchanged = (await readIncomingPayment(resources, created.id, token, 'IP-COMPLETE')).response
        .json as IncomingPayment
      expect(
        coreFields(unchanged),
        rule('IP-COMPLETE', 'the refused second complete changed nothing'),
      ).toEqual(coreFields(after))

      const unknown = await resources.send(
        resourceCalls.completeIncomingPayment(unknownIncomingPayment(receiver)),
        token,
      )
      expectRefused('IP-COMPLETE', unknown, [404], 'completing an id the server never issued')
    },
  )

  test(
    'an expired incoming payment cannot be completed',
    covers('IP-COMPLETE'),
    async ({ resources, discovery, sharedGrants }) => {
      const { receiver } = discovery
      const token = await sharedGrants.token('incoming-payment')
      const sent = { expiresAt: new Date(Math.ceil(Date.now() / 1000) * 1000 + 2000).toISOString() }
      const exchange = await resources.send(resourceCalls.createIncomingPaymentWith(receiver, sent), token)
      const receivedAt = Date.now()
      const created = expectCreated(exchange, receiver, sent, 'create expiring in 2 s')
      await sleep(msUntilServerPasses(created.expiresAt!, created.createdAt, receivedAt))

      const refused = await resources.send(resourceCalls.completeIncomingPayment(created.id), token)
      expectRefused('IP-COMPLETE', refused, [400, 409], 'completing an expired incoming payment')
      const after = (await readIncomingPayment(resources, created.id, token, 'IP-COMPLETE')).response
        .json as IncomingPayment
      expect(after.completed, rule('IP-COMPLETE', 'the refused complete left completed false')).toBe(false)
    },
  )
})

import type { IncomingPayment, IncomingPaymentWithPaymentMethods } from '@interledger/open-payments'
import { expectAuthorizationRequired, expectPublicView } from '../checks/authentication-checks.ts'
import { coreFields, expectCreated, expectPayableMethods } from '../checks/incoming-payment-checks.ts'
import { anHourAhead, readIncomingPayment, readUnlessGone } from '../checks/incoming-payment-refusals.ts'
import { expectRefusal, expectRefusedWithoutEffect } from '../checks/refusals.ts'
import { expect, test } from '../fixtures/conformance-test.ts'
import { amountIn } from '../harness/discovery/discovery.ts'
import { summarize } from '../harness/http/format-exchange.ts'
import { covers, rule } from '../harness/rules/covers.ts'
import { warn } from '../harness/rules/warn.ts'
import { incomingLifetimeMs } from '../harness/target/ase-settings.ts'
import { waitsLong } from '../harness/time/long-wait.ts'
import { aheadOfServer, msUntilServerPasses, sleep } from '../harness/time/server-time.ts'
import { listCall } from '../steps/list-pages.ts'
import { hasMarker, markerMetadata, resourceCalls, unknownId } from '../steps/resource-calls.ts'
import { newMarker } from '../steps/resources.ts'
import { skipIfShortLifetimeRefused } from '../steps/short-lifetime.ts'
import { walkListUntil } from '../steps/walk-list.ts'

/**
 * How far ahead of the target's clock the expiring payment expires: room for its create to arrive, and no
 * less than the target's declared minimum lifetime.
 */
const EXPIRES_IN_MS = incomingLifetimeMs(3_000)

test.describe('incoming payments: get and list', () => {
  test(
    'get returns the payment as created, with its methods',
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
    },
  )

  // A test of its own: a server that answers an unknown id otherwise fails IP-GET alone, and the checks of
  // methods and metadata above still count.
  test(
    'get of an id the server never issued is 404',
    covers('IP-GET'),
    async ({ resources, discovery, sharedGrants }) => {
      const { receiver } = discovery
      const token = await sharedGrants.token('incoming-payment')
      const known = await resources.createIncomingPayment(token, receiver)
      await expectRefusedWithoutEffect(
        await resources.send(
          resourceCalls.getIncomingPayment(unknownId(receiver, 'incoming-payments')),
          token,
        ),
        {
          rule: 'IP-GET',
          statuses: [404],
          what: 'get of an id the server never issued',
          control: () => resources.send(resourceCalls.getIncomingPayment(known.id), token),
          controlStatus: 200,
          controlWhat: 'get of an id the server issued, with the same token',
        },
      )
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

      const walk = await walkListUntil(
        resources,
        resourceCalls.listIncomingPayments(receiver, 100),
        token,
        'IP-LIST',
      )
      const listed = walk.items as IncomingPayment[]
      const mine = listed.filter((item) => hasMarker(item, marker))
      if (mine.length === 0 && !walk.complete) {
        warn(
          'IP-LIST',
          `the list is too long to walk to its end: that it shows ${created.id} was not checked`,
        )
      } else {
        expect(
          mine.length,
          rule('IP-LIST', `the list shows the payment just created, once (${created.id})`),
        ).toBe(1)
        expect(
          coreFields(mine[0]!),
          rule('IP-LIST', 'the listed item shows the fields create returned (methods aside)'),
        ).toEqual(coreFields(created))
      }
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
      expectRefusal(refused, {
        rule: 'IP-LIST',
        statuses: [400],
        what: 'a list without the required wallet-address',
      })
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
        ...resourceCalls.getIncomingPayment(unknownId(receiver, 'incoming-payments')),
        sign: false,
      })
      expectRefusal(unknown, {
        rule: 'IP-PUBLIC-VIEW',
        statuses: [401, 404],
        what: 'an unauthenticated get of an unknown id',
      })
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

      // No transition leaves completed=true, and no error is given for this: a refusal is expected, and a 200
      // that changes nothing is a warning (docs/spec-decisions.md).
      const again = await resources.send(resourceCalls.completeIncomingPayment(created.id), token)
      if (again.response.status === 200) {
        expect(
          coreFields(again.response.json as IncomingPayment),
          rule('IP-COMPLETE', 'a second complete answered 200 shows the payment unchanged'),
        ).toEqual(coreFields(after))
        warn('IP-COMPLETE', `completing a completed incoming payment answered 200, not 400 or 409`)
      } else {
        expectRefusal(again, {
          rule: 'IP-COMPLETE',
          statuses: [400, 409],
          what: 'completing a completed incoming payment',
        })
      }
      const unchanged = (await readIncomingPayment(resources, created.id, token, 'IP-COMPLETE')).response
        .json as IncomingPayment
      expect(coreFields(unchanged), rule('IP-COMPLETE', 'the second complete changed nothing')).toEqual(
        coreFields(after),
      )

      const unknown = await resources.send(
        resourceCalls.completeIncomingPayment(unknownId(receiver, 'incoming-payments')),
        token,
      )
      expectRefusal(unknown, {
        rule: 'IP-COMPLETE',
        statuses: [404],
        what: 'completing an id the server never issued',
      })
    },
  )

  test(
    'an expired incoming payment cannot be completed',
    waitsLong(covers('IP-COMPLETE')),
    async ({ resources, discovery, sharedGrants }, testInfo) => {
      test.setTimeout(testInfo.timeout + EXPIRES_IN_MS)
      const { receiver } = discovery
      const token = await sharedGrants.token('incoming-payment')
      // The expiry is set on the target's clock, read from a first payment's createdAt: one computed from
      // ours lies in the target's past when its clock runs ahead, and the create is rightly refused.
      const stamp = await resources.send(resourceCalls.createIncomingPaymentWith(receiver, {}), token)
      const clockReadAt = Date.now()
      const clock = expectCreated(stamp, receiver, {}, 'create, to read the target clock')
      const sent = { expiresAt: aheadOfServer(clock.createdAt, clockReadAt, EXPIRES_IN_MS).toISOString() }
      const exchange = await resources.send(resourceCalls.createIncomingPaymentWith(receiver, sent), token)
      const receivedAt = Date.now()
      skipIfShortLifetimeRefused(exchange, EXPIRES_IN_MS)
      const created = expectCreated(exchange, receiver, sent, `create expiring in ${EXPIRES_IN_MS / 1000} s`)
      await sleep(msUntilServerPasses(created.expiresAt!, created.createdAt, receivedAt))

      // decisions.md: the spec shows no status for this refusal (Rafiki: 409, or 401 once it deleted the payment).
      const refused = await resources.send(resourceCalls.completeIncomingPayment(created.id), token)
      expect(
        refused.response.status >= 400 && refused.response.status < 500,
        rule('IP-COMPLETE', `completing an expired incoming payment is refused (4xx): ${summarize(refused)}`),
      ).toBe(true)
      const after = await readUnlessGone(resources, created.id, token, 'IP-COMPLETE')
      expect(after?.completed, rule('IP-COMPLETE', 'the refused complete left completed false')).not.toBe(
        true,
      )
    },
  )
})

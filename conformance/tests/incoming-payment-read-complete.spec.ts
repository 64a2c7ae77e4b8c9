import { expectAuthorizationRequired } from '../checks/authentication-checks.ts'
import { expiredIncomingPayment } from '../checks/expired-incoming-payment.ts'
import { coreFields, expectCreated, expectPayableMethods } from '../checks/incoming-payment-checks.ts'
import { expectCompletingAgainChangesNothing } from '../checks/incoming-payment-completion.ts'
import { anHourAhead, readUnlessGone } from '../checks/incoming-payment-refusals.ts'
import {
  expectListedAsCreated,
  expectNoTokenHolderView,
  expectPublicViewOf,
} from '../checks/incoming-payment-views.ts'
import { expectRefusal, expectRefusedWithoutEffect } from '../checks/refusals.ts'
import {
  amountIn,
  bodyOf,
  covers,
  expect,
  markerMetadata,
  newMarker,
  rule,
  ruleNotApplicable,
  summarize,
  test,
  unknownId,
  waitsLong,
} from '../fixtures/conformance-test.ts'

/**
 * How far ahead of the target's clock the expiring payment expires: room for its create to arrive, and no
 * less than the target's declared minimum lifetime.
 */
const EXPIRED = 'IP-COMPLETE#expired-refused'

/** About how long the expiring payments live (expiredIncomingPayment adds the target's answer time). */
const EXPIRES_IN_MS = 3_000
const NEVER_ISSUED = 'completing an id the server never issued'

test.describe('incoming payments: get and list', () => {
  test(
    'get returns the payment as created, with its methods',
    covers('IP-GET', 'IP-METHODS', 'IP-METADATA'),
    async ({ incoming }) => {
      const receiver = incoming.walletAddress
      const sent = {
        incomingAmount: amountIn(receiver, 300n),
        expiresAt: anHourAhead(),
        metadata: markerMetadata(newMarker()),
      }
      const created = expectCreated(await incoming.create(sent), receiver, sent, 'create')

      const found = await incoming.read(created.id, 'IP-GET#found')
      const foundBody = bodyOf(found, 'incoming-payment')
      // The metadata first, as its own clause: a get that leaves it out fails IP-METADATA#get, not only IP-GET.
      expect(foundBody.metadata, rule('IP-METADATA#get', 'get returns the metadata sent on create')).toEqual(
        sent.metadata,
      )
      expect(coreFields(foundBody), rule('IP-GET#found', 'get shows the fields create returned')).toEqual(
        coreFields(created),
      )
      expectPayableMethods(found, 'get')
    },
  )

  // A test of its own: a server that answers an unknown id otherwise fails IP-GET alone, and the checks of
  // methods and metadata above still count.
  test('get of an id the server never issued is 404', covers('IP-GET'), async ({ incoming }) => {
    const known = await incoming.created()
    await expectRefusedWithoutEffect(
      await incoming.get(unknownId(incoming.walletAddress, 'incoming-payments')),
      {
        rule: 'IP-GET#unknown-404',
        statuses: [404],
        what: 'get of an id the server never issued',
        control: () => incoming.get(known.id),
        controlStatus: 200,
        controlWhat: 'get of an id the server issued, with the same token',
      },
    )
  })

  test(
    "list returns {pagination, result} of the wallet address's incoming payments",
    covers('IP-LIST', 'IP-METADATA', 'LIST-WALLET-ADDRESS'),
    async ({ incoming }) => {
      const receiver = incoming.walletAddress
      const sent = { incomingAmount: amountIn(receiver, 400n), metadata: markerMetadata(newMarker()) }
      const created = expectCreated(await incoming.create(sent), receiver, sent, 'create')

      expectListedAsCreated(await incoming.list('IP-LIST'), receiver, created)
      expectRefusal(await incoming.listWithoutWalletAddress(), {
        rule: 'LIST-WALLET-ADDRESS',
        statuses: [400],
        what: 'a list without the required wallet-address',
      })
    },
  )

  test(
    'without Authorization, get answers 401 or a view without payment methods',
    covers('IP-PUBLIC-VIEW', 'AUTH-REQUIRED', 'AUTH-WWW-AUTHENTICATE'),
    async ({ incoming }) => {
      const receiver = incoming.walletAddress
      const created = await incoming.created()
      const full = await incoming.read(created.id, 'IP-PUBLIC-VIEW')
      expectPayableMethods(full, 'positive control, get with a token')

      const anonymous = await incoming.getAnonymously(created.id)
      if (anonymous.response.status === 401) {
        expectAuthorizationRequired(anonymous, receiver, 'an unauthenticated get')
        return
      }
      // The spec does not mark authentication required on this GET: with the public view, there was no
      // Authorization-required answer to judge here. The token holder's view given to anyone is not that view.
      expectNoTokenHolderView(anonymous, full)
      for (const id of ['AUTH-REQUIRED', 'AUTH-WWW-AUTHENTICATE'] as const)
        ruleNotApplicable(
          id,
          'get-incoming-payment without Authorization answered the public view, as the spec allows',
        )
      expectPublicViewOf(anonymous, full, receiver)
      const unknown = await incoming.getAnonymously(unknownId(receiver, 'incoming-payments'))
      const what = 'an unauthenticated get of an unknown id'
      expectRefusal(unknown, { rule: 'IP-PUBLIC-VIEW', statuses: [401, 404], what })
    },
  )
})

test.describe('incoming payments: complete', () => {
  test(
    'complete sets completed; completing again changes nothing; an unknown id is 404',
    covers('IP-COMPLETE'),
    async ({ incoming }) => {
      const { id } = await incoming.created()
      const before = rule('IP-COMPLETE', 'positive control: not completed before complete')
      expect((await incoming.readBody(id, 'IP-GET#found')).completed, before).toBe(false)

      const completed = await incoming.complete(id)
      expect(completed).toAnswer(200, 'IP-COMPLETE#completes', 'complete')
      const body = bodyOf(completed, 'incoming-payment')
      expect(body.id, rule('IP-COMPLETE#completes', 'complete returns the payment completed')).toBe(id)
      expect(body.completed, rule('IP-COMPLETE#completes', 'complete returns completed: true')).toBe(true)
      const after = await incoming.readBody(id, 'IP-GET#found')
      expect(after.completed, rule('IP-COMPLETE#completes', 'get after complete shows completed: true')).toBe(
        true,
      )

      await expectCompletingAgainChangesNothing(incoming, after)
      const unknown = await incoming.complete(unknownId(incoming.walletAddress, 'incoming-payments'))
      expectRefusal(unknown, { rule: 'IP-COMPLETE#unknown-404', statuses: [404], what: NEVER_ISSUED })
    },
  )

  test(
    'an expired incoming payment cannot be completed',
    waitsLong(covers('IP-COMPLETE')),
    async ({ resources, incoming }) => {
      const expired = await expiredIncomingPayment(incoming, EXPIRES_IN_MS)

      // decisions.md: the spec shows no status for this refusal (Rafiki: 409, or 401 once it deleted the payment).
      const refused = await incoming.complete(expired.id)
      expect(
        refused.response.status >= 400 && refused.response.status < 500,
        rule(EXPIRED, `completing an expired incoming payment is refused (4xx): ${summarize(refused)}`),
      ).toBe(true)
      const after = await readUnlessGone(resources, expired.id, await incoming.token(), EXPIRED)
      expect(after?.completed, rule(EXPIRED, 'the refused complete left completed false')).not.toBe(true)
    },
  )
})

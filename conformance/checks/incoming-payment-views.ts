import type { IncomingPayment, WalletAddress } from '@interledger/open-payments'
import type { Exchange } from '../../clients/src/index.ts'
import { expect } from '../harness/expect/conformance-expect.ts'
import { summarize } from '../harness/http/format-exchange.ts'
import { bodyOf } from '../harness/openapi/body-of.ts'
import { rule } from '../harness/rules/covers.ts'
import { warn } from '../harness/rules/warn.ts'
import type { ListWalk } from '../steps/walk-list.ts'
import { expectPublicView } from './authentication-checks.ts'
import { coreFields } from './incoming-payment-checks.ts'

/**
 * The list shows the payment just created (by its id) once, with the metadata sent on create and the other fields
 * create returned, and nothing of another wallet address. The metadata is its own clause, checked first: a list
 * that leaves it out fails IP-METADATA#list, not only IP-LIST. A list too long to walk to its end only warns that
 * the payment was not looked for: its order is open, so not reaching it proves nothing.
 */
export function expectListedAsCreated(
  walk: ListWalk,
  walletAddress: WalletAddress,
  created: IncomingPayment,
): void {
  const listed = walk.items as IncomingPayment[]
  const mine = listed.filter((item) => item.id === created.id)
  if (mine.length === 0 && !walk.complete) {
    warn('IP-LIST', `the list is too long to walk to its end: that it shows ${created.id} was not checked`)
  } else {
    expect(
      mine.length,
      rule('IP-LIST', `the list shows the payment just created, once (${created.id})`),
    ).toBe(1)
    if (created.metadata && Object.keys(created.metadata).length > 0)
      expect(
        mine[0]!.metadata,
        rule('IP-METADATA#list', 'the listed item carries the metadata sent on create'),
      ).toEqual(created.metadata)
    expect(
      coreFields(mine[0]!),
      rule('IP-LIST', 'the listed item shows the fields create returned (methods aside)'),
    ).toEqual(coreFields(created))
  }
  for (const item of listed) {
    expect(item.walletAddress, rule('IP-LIST', `listed ${item.id} belongs to ${walletAddress.id}`)).toBe(
      walletAddress.id,
    )
  }
}

/**
 * An unauthenticated get answered 200 must not give what only the token holder may see: the spec leaves a public
 * view open without a token, not the full payment (its methods, a shared secret) given to anyone, so such an answer
 * fails AUTH-REQUIRED. Only the leak is judged: the public view earns AUTH-REQUIRED nothing (the caller marks it not
 * applicable), and what the public view must show is IP-PUBLIC-VIEW's (`expectPublicViewOf`).
 */
export function expectNoTokenHolderView(anonymous: Exchange, full: Exchange): void {
  const payment = bodyOf(full, 'incoming-payment-with-methods')
  const body = anonymous.response.json as { methods?: unknown } | undefined
  const leaked = [
    ...(body?.methods === undefined ? [] : ['methods']),
    ...payment.methods
      .map((method) => method.sharedSecret)
      .filter((secret) => secret && anonymous.response.text.includes(secret))
      .map(() => 'a sharedSecret'),
  ]
  if (leaked.length === 0) return
  expect(
    leaked,
    rule(
      'AUTH-REQUIRED',
      `a get without Authorization was answered with the token holder's view (${[...new Set(leaked)].join(', ')}), ` +
        `not refused with 401 nor a public view: ${summarize(anonymous)}`,
    ),
  ).toEqual([])
}

/**
 * An unauthenticated get answered with the public view of the payment `full` (a get with a token) shows: no
 * payment methods, none of its shared secrets anywhere, its receivedAmount where it shows one, and the wallet
 * address's auth server where it names one (another is a warning).
 */
export function expectPublicViewOf(anonymous: Exchange, full: Exchange, walletAddress: WalletAddress): void {
  expectPublicView(anonymous, 'an unauthenticated get', 'IP-PUBLIC-VIEW')
  const payment = bodyOf(full, 'incoming-payment-with-methods')
  const secrets = payment.methods.map((method) => method.sharedSecret)
  expect(
    secrets.filter((secret) => anonymous.response.text.includes(secret)),
    rule('IP-PUBLIC-VIEW', 'the public view reveals no sharedSecret'),
  ).toEqual([])
  const view = bodyOf(anonymous, 'public-incoming-payment')
  if (view.receivedAmount !== undefined) {
    expect(view.receivedAmount, rule('IP-PUBLIC-VIEW', 'the public receivedAmount is the payment’s')).toEqual(
      payment.receivedAmount,
    )
  }
  if (view.authServer !== undefined && view.authServer !== walletAddress.authServer) {
    warn(
      'IP-PUBLIC-VIEW',
      `the public view's authServer ${view.authServer} is not ${walletAddress.authServer}`,
    )
  }
}

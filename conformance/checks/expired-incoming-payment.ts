import type { IncomingPayment } from '@interledger/open-payments'
import { test } from '@playwright/test'
import { incomingLifetimeMs } from '../harness/target/ase-settings.ts'
import { aheadOfServer, msUntilServerPasses, sleep } from '../harness/time/server-time.ts'
import type { ReceiverPayments } from '../steps/receiver-payments.ts'
import { skipIfShortLifetimeRefused } from '../steps/short-lifetime.ts'
import { expectCreated } from './incoming-payment-checks.ts'

/**
 * An incoming payment created to expire about `wantedMs` ahead and checked as created (IP-CREATE), returned once
 * the target's clock has passed its expiresAt. The expiry is set on the target's clock, read from a first payment's
 * createdAt: one computed from ours lies in the target's past when its clock runs ahead, and the create is
 * rightly refused. The lifetime is chosen once that first create has been timed (incomingLifetimeMs), so that the
 * payment does not expire on its way to a slow target, and the test gets the longer wait as time. A target that
 * refuses so short a lifetime skips the test (see short-lifetime.ts).
 */
export async function expiredIncomingPayment(
  incoming: ReceiverPayments,
  wantedMs: number,
): Promise<IncomingPayment> {
  const receiver = incoming.walletAddress
  const sentAt = Date.now()
  const stamp = await incoming.create({})
  const clockReadAt = Date.now()
  // Timed on this create, not on the worker's answers in general: a target's grants and wallet addresses may
  // answer at once while its resource server takes 10 s.
  const lifetimeMs = incomingLifetimeMs(wantedMs, undefined, clockReadAt - sentAt)
  test.info().setTimeout(test.info().timeout + lifetimeMs)
  const clock = expectCreated(stamp, receiver, {}, 'create, to read the target clock')
  const sent = { expiresAt: aheadOfServer(clock.createdAt, clockReadAt, lifetimeMs).toISOString() }
  const exchange = await incoming.create(sent)
  const receivedAt = Date.now()
  skipIfShortLifetimeRefused(exchange, lifetimeMs)
  const created = expectCreated(exchange, receiver, sent, `create expiring in ${lifetimeMs / 1000} s`)
  await sleep(msUntilServerPasses(created.expiresAt!, created.createdAt, receivedAt))
  return created
}

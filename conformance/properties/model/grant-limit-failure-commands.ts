import type fc from 'fast-check'
import { REFUSED_RECEIVER } from '../../checks/incoming-payment-refusals.ts'
import { expect } from '../../harness/expect/conformance-expect.ts'
import { rule } from '../../harness/rules/covers.ts'
import { expectSpentAsModelled, recordCreated, straddled } from './grant-limit-commands.ts'
import {
  fits,
  type GrantLimitModel,
  type GrantLimitSystem,
  hasTimeForStep,
  intervalForStep,
  limitKey,
} from './grant-limit-model.ts'

/**
 * Pays an incoming payment of `units` twice over, at once: two quotes for the whole amount, then both payments
 * sent together, so that the second is likely created before the first completes the receiver. Then it cannot
 * finish: it fails, and what it reserved against the grant is released. Either payment may instead be refused
 * for the receiver's sake (400 or 403: the other may have completed it already), whatever the limit says; but
 * the ones created must fit the limit together, and when one fits, one must be created. Once both have settled
 * or failed, the spent amounts show the release, and the commands after this one meet a grant with a failed
 * payment behind it.
 */
export class PayTwiceCommand implements fc.AsyncCommand<GrantLimitModel, GrantLimitSystem> {
  constructor(readonly units: bigint) {}

  check(model: Readonly<GrantLimitModel>): boolean {
    return hasTimeForStep(model)
  }

  async run(model: GrantLimitModel, system: GrantLimitSystem): Promise<void> {
    const value = this.units * system.unit
    const { payments } = system
    const receiver = (await payments.steps.receiver({ incomingValue: value })).payment
    const first = await payments.quote(receiver.id, { receive: value })
    const second = await payments.quote(receiver.id, { receive: value })
    const counted = BigInt(first[limitKey(model.side)].value)
    const interval = await intervalForStep(system)
    const fitted = fits(model, interval, counted)
    const described = `one of two payments sent together, each of ${value} into ${receiver.id} (which takes ${value} in all), counting ${counted} against a ${limitKey(model.side)} limit of ${model.limit} in interval ${interval}`
    const attempts = await Promise.all([payments.pay(first), payments.pay(second)])
    const created = attempts.filter((attempt) => attempt.exchange.response.status === 201)
    for (const attempt of created) recordCreated(model, system, attempt, described)
    for (const attempt of attempts.filter((a) => !created.includes(a))) {
      await payments.expectNotPaid(attempt, 'LIM-AMOUNT', described, REFUSED_RECEIVER)
    }
    if (created.length === 0 && fitted === true && !(await straddled(system, interval))) {
      expect(
        created.length,
        rule('LIM-AMOUNT', `${described}: it fits, yet neither payment was created`),
      ).toBeGreaterThan(0)
    }
    await expectSpentAsModelled(model, system)
  }

  toString(): string {
    return `PayTwice(${this.units} units)`
  }
}

/**
 * Waits until the target's clock has entered the grant's next interval, where nothing is reserved yet, and reads
 * the spent amounts there: the next interval starts fresh. Reading at once, rather than only when a later
 * command happens to, lets a search of a few runs catch a server that counts every interval as one.
 */
export class WaitForNextIntervalCommand implements fc.AsyncCommand<GrantLimitModel, GrantLimitSystem> {
  check(model: Readonly<GrantLimitModel>): boolean {
    return model.hasInterval && !model.waited && hasTimeForStep(model)
  }

  async run(model: GrantLimitModel, system: GrantLimitSystem): Promise<void> {
    model.waited = true
    const { clock } = system
    if (clock !== undefined) await clock.after(await clock.currentIndex())
    await expectSpentAsModelled(model, system)
  }

  toString(): string {
    return 'WaitForNextInterval'
  }
}

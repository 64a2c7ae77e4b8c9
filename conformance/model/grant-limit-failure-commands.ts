import type fc from 'fast-check'
import { payUnderModel } from './grant-limit-commands.ts'
import {
  type GrantLimitModel,
  type GrantLimitSystem,
  intervalForStep,
  settleAll,
} from './grant-limit-model.ts'

/**
 * Pays an incoming payment of `units` twice over: two quotes for the whole amount, then two payments. The first
 * settles; the second either is refused (the receiver may already show itself completed: 400 or 403) or is
 * created and then cannot finish, so it fails, and what it reserved against the grant is released. Both wait to
 * settle or fail, so the commands after this one meet a grant with a failed payment behind it.
 */
export class PayTwiceCommand implements fc.AsyncCommand<GrantLimitModel, GrantLimitSystem> {
  constructor(readonly units: bigint) {}

  check(): boolean {
    return true
  }

  async run(model: GrantLimitModel, system: GrantLimitSystem): Promise<void> {
    const value = this.units * system.unit
    const { steps } = system.payments
    const receiver = (await steps.receiver({ incomingValue: value })).payment
    const first = await system.payments.quote(receiver.id, { receive: value })
    const second = await system.payments.quote(receiver.id, { receive: value })
    const interval = await intervalForStep(system)
    const whole = `${receiver.id}, which takes ${value} in all`
    await payUnderModel(model, system, first, interval, `a payment of ${value} into ${whole}`)
    await payUnderModel(model, system, second, interval, `a second payment of ${value} into ${whole}`, true)
    await settleAll(model, system)
  }

  toString(): string {
    return `PayTwice(${this.units} units)`
  }
}

/** Waits until the target's clock has entered the grant's next interval: nothing is reserved there yet. */
export class WaitForNextIntervalCommand implements fc.AsyncCommand<GrantLimitModel, GrantLimitSystem> {
  check(model: Readonly<GrantLimitModel>): boolean {
    return model.hasInterval && !model.waited
  }

  async run(model: GrantLimitModel, { clock }: GrantLimitSystem): Promise<void> {
    model.waited = true
    if (clock !== undefined) await clock.after(await clock.currentIndex())
  }

  toString(): string {
    return 'WaitForNextInterval'
  }
}

import type fc from 'fast-check'
import { amountIn } from '../../harness/discovery/discovery.ts'
import { expect } from '../../harness/expect/conformance-expect.ts'
import { summarize } from '../../harness/http/format-exchange.ts'
import { warn } from '../../harness/rules/warn.ts'
import { declaresIncomingLifetime, incomingLifetimeMs, SETTINGS } from '../../harness/target/ase-settings.ts'
import { aheadOfServer } from '../../harness/time/server-time.ts'
import { markerMetadata, resourceCalls } from '../../steps/resource-calls.ts'
import {
  expectAsModelled,
  type IncomingPaymentModel,
  type IncomingPaymentSystem,
  type Metadata,
  type ModelPayment,
} from './incoming-payment-model.ts'
import { CREATED, NEW_PAYMENT } from './view-clauses.ts'

/** How far ahead of the target's clock a short-lived payment expires: a second (rounded up to a whole one). */
const SHORT_LIFETIME_MS = 1_000

/**
 * Creates an incoming payment on the receiver, with or without incomingAmount and metadata, and either open or
 * short-lived (expiring a second or two from now on the target's clock).
 */
export class CreateIncomingPaymentCommand
  implements fc.AsyncCommand<IncomingPaymentModel, IncomingPaymentSystem>
{
  constructor(
    readonly incomingAmount: bigint | undefined,
    readonly metadata: Metadata | undefined,
    readonly shortLived = false,
  ) {}

  check(): boolean {
    return true
  }

  async run(
    model: IncomingPaymentModel,
    { resources, token, receiver, clock }: IncomingPaymentSystem,
  ): Promise<void> {
    // The marker goes last so the client's own keys cannot hide it; each payment gets its own.
    const metadata =
      this.metadata === undefined
        ? undefined
        : { ...this.metadata, ...markerMetadata(`${model.runMarker}-${model.payments.length}`) }
    const expiresAt = this.shortLived
      ? aheadOfServer(clock.createdAt, clock.receivedAt, incomingLifetimeMs(SHORT_LIFETIME_MS)).toISOString()
      : undefined
    const exchange = await resources.send(
      resourceCalls.createIncomingPaymentWith(receiver, {
        ...(this.incomingAmount === undefined
          ? {}
          : { incomingAmount: amountIn(receiver, this.incomingAmount) }),
        ...(metadata === undefined ? {} : { metadata }),
        ...(expiresAt === undefined ? {} : { expiresAt }),
      }),
      token,
    )
    const receivedAt = Date.now()
    // A minimum lifetime is the target's business (decisions.md): undeclared, expiry goes unexercised, not wrong,
    // and the warning names the setting that would exercise it. Declared, the lifetime asked for respects it.
    if (expiresAt !== undefined && exchange.response.status === 400 && !declaresIncomingLifetime()) {
      warn(
        'IP-REJECT-AFTER-EXPIRY',
        `an incoming payment expiring at ${expiresAt} was refused, so nothing expired in this property; set ` +
          `${SETTINGS.incomingLifetime} for it to ask for a lifetime the target accepts: ${summarize(exchange)}`,
      )
      return
    }
    expect(exchange).toAnswer(201, 'IP-CREATE#created', 'creating')
    // The automatic schema check has made sure a 201 carries a string id and createdAt.
    const {
      id,
      createdAt,
      expiresAt: shownExpiry,
    } = exchange.response.json as {
      id: string
      createdAt: string
      expiresAt?: unknown
    }
    const created: ModelPayment = {
      id,
      incomingAmount: this.incomingAmount,
      metadata,
      completed: false,
      received: 0n,
      ...(expiresAt === undefined
        ? {}
        : { expiry: { expiresAt: keptExpiry(expiresAt, shownExpiry), createdAt, receivedAt } }),
    }
    expectAsModelled(CREATED, NEW_PAYMENT, exchange.response.json, created, receiver, 'the created payment')
    model.payments.push(created)
  }

  toString(): string {
    const amount =
      this.incomingAmount === undefined ? 'no incomingAmount' : `incomingAmount ${this.incomingAmount}`
    const metadata = this.metadata === undefined ? 'no metadata' : `metadata ${JSON.stringify(this.metadata)}`
    return `Create(${amount}, ${metadata}${this.shortLived ? ', short-lived' : ''})`
  }
}

/**
 * The expiry the payment lives by: the one create returned where it is no later than the one asked for (the spec
 * lets a server shorten a lifetime, never lengthen it: IP-CREATE#echo-expires-at), else the one asked for, which
 * the created payment's check then finds missing.
 */
function keptExpiry(asked: string, shown: unknown): string {
  const shownMs = typeof shown === 'string' ? Date.parse(shown) : Number.NaN
  return !Number.isNaN(shownMs) && shownMs <= Date.parse(asked) ? (shown as string) : asked
}

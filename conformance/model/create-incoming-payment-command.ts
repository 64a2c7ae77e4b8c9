import { expect } from '@playwright/test'
import type fc from 'fast-check'
import { amountIn } from '../discovery/discovery.ts'
import { summarize } from '../http/format-exchange.ts'
import { markerMetadata, resourceCalls } from '../resources/resource-calls.ts'
import { rule } from '../rules/covers.ts'
import {
  expectAsModelled,
  type IncomingPaymentModel,
  type IncomingPaymentSystem,
  type Metadata,
  type ModelPayment,
} from './incoming-payment-model.ts'

/** Creates an incoming payment on the receiver, with or without incomingAmount and metadata. */
export class CreateIncomingPaymentCommand
  implements fc.AsyncCommand<IncomingPaymentModel, IncomingPaymentSystem>
{
  constructor(
    readonly incomingAmount: bigint | undefined,
    readonly metadata: Metadata | undefined,
  ) {}

  check(): boolean {
    return true
  }

  async run(
    model: IncomingPaymentModel,
    { resources, token, receiver }: IncomingPaymentSystem,
  ): Promise<void> {
    // The marker goes last so the client's own keys cannot hide it; each payment gets its own.
    const metadata =
      this.metadata === undefined
        ? undefined
        : { ...this.metadata, ...markerMetadata(`${model.runMarker}-${model.payments.length}`) }
    const exchange = await resources.send(
      resourceCalls.createIncomingPaymentWith(receiver, {
        ...(this.incomingAmount === undefined
          ? {}
          : { incomingAmount: amountIn(receiver, this.incomingAmount) }),
        ...(metadata === undefined ? {} : { metadata }),
      }),
      token,
    )
    expect(exchange.response.status, rule('IP-CREATE', `creating: ${summarize(exchange)}`)).toBe(201)
    // The automatic schema check has made sure a 201 carries a string id.
    const { id } = exchange.response.json as { id: string }
    const created: ModelPayment = {
      id,
      incomingAmount: this.incomingAmount,
      metadata,
      completed: false,
    }
    expectAsModelled('IP-CREATE', exchange.response.json, created, receiver, 'the created payment')
    model.payments.push(created)
  }

  toString(): string {
    const amount =
      this.incomingAmount === undefined ? 'no incomingAmount' : `incomingAmount ${this.incomingAmount}`
    const metadata = this.metadata === undefined ? 'no metadata' : `metadata ${JSON.stringify(this.metadata)}`
    return `Create(${amount}, ${metadata})`
  }
}

import type { Exchange, OpenPaymentsClient, RequestOptions } from '../../clients/src/index.ts'
import type { OperationRef } from '../openapi/operations.ts'
import type { ResponseValidator } from '../openapi/response-validator.ts'
import { checkResponse, ResponseCheckError } from './response-checks.ts'

export interface SendOptions extends RequestOptions {
  /** The OpenAPI operation this request exercises: its response is checked against that operation. */
  operation: OperationRef
}

/** The suite's only way to talk to a target: every exchange is recorded and passes the automatic checks. */
export class ConformanceApi {
  readonly exchanges: Exchange[] = []

  constructor(
    readonly client: OpenPaymentsClient,
    private readonly validator: ResponseValidator,
  ) {}

  async send({ operation, ...request }: SendOptions): Promise<Exchange> {
    // Wallet address documents are public (OpenAPI `security: []`): a real client does not sign those GETs.
    const sign = request.sign ?? (operation.api !== 'wallet-address-server' && this.client.key !== undefined)
    const exchange = await this.client.send({ ...request, sign })
    this.exchanges.push(exchange)
    const problem = checkResponse(this.validator, operation, exchange)
    if (problem) throw new ResponseCheckError(problem)
    return exchange
  }
}

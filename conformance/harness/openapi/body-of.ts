import type {
  IncomingPayment,
  IncomingPaymentWithPaymentMethods,
  JWKS,
  OutgoingPayment,
  OutgoingPaymentWithSpentAmounts,
  PublicIncomingPayment,
  Quote,
  WalletAddress,
} from '@interledger/open-payments'
import type { Exchange } from '../../../clients/src/index.ts'
import { summarize } from '../http/format-exchange.ts'
import { rule } from '../rules/covers.ts'
import type { ApiName } from './load-openapi.ts'
import { ResponseValidator } from './response-validator.ts'

/** The bodies a test reads, by their schema's name in the official OpenAPI documents, with the SDK's type. */
interface Bodies {
  'incoming-payment': IncomingPayment
  'incoming-payment-with-methods': IncomingPaymentWithPaymentMethods
  'public-incoming-payment': PublicIncomingPayment
  'outgoing-payment': OutgoingPayment
  'outgoing-payment-with-spent-amounts': OutgoingPaymentWithSpentAmounts
  quote: Quote
  'wallet-address': WalletAddress
  'json-web-key-set': JWKS
}

export type BodyName = keyof Bodies

const DOCUMENT_OF = {
  'incoming-payment': 'resource-server',
  'incoming-payment-with-methods': 'resource-server',
  'public-incoming-payment': 'resource-server',
  'outgoing-payment': 'resource-server',
  'outgoing-payment-with-spent-amounts': 'resource-server',
  quote: 'resource-server',
  'wallet-address': 'wallet-address-server',
  'json-web-key-set': 'wallet-address-server',
} as const satisfies Record<BodyName, ApiName>

/**
 * The response's body as the named schema, checked against it first: `bodyOf(exchange, 'quote').debitAmount`
 * instead of `exchange.response.json as Quote`. A body that does not fit fails GEN-SCHEMA with what is wrong and
 * the exchange, instead of a test reading `undefined` further on. Members the schema does not list are allowed
 * here (the automatic checks report them, OAS-STRICT).
 */
export function bodyOf<N extends BodyName>(exchange: Exchange, name: N): Bodies[N] {
  const validator = ResponseValidator.loaded()
  if (!validator)
    throw new Error('bodyOf(): the OpenAPI documents are not loaded yet (the validator fixture loads them)')
  const body = exchange.response.json
  const violations = validator.componentViolations(DOCUMENT_OF[name], name, body)
  if (violations.length > 0) {
    const listed = violations.map((v) => `  ${v.pointer}: ${v.message}`).join('\n')
    throw new Error(
      rule(
        'GEN-SCHEMA',
        `the server answered a body that is not a ${name} of the OpenAPI 1.3.0 documents; the spec requires these members and types:\n${listed}\n${summarize(exchange)}`,
      ),
    )
  }
  return body as Bodies[N]
}

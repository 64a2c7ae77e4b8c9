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
import type { RuleId } from '../rules/registry.ts'
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
 * The rule a body that does not fit breaks: GEN-SCHEMA where the spec's tables describe it; the wallet address
 * server's bodies only the OpenAPI document describes, so their own (beyond-the-spec) rules.
 */
const RULE_OF: Partial<Record<BodyName, RuleId>> = {
  'wallet-address': 'WA-DOC',
  'json-web-key-set': 'WA-JWKS',
}

/**
 * The response's body as the named schema, checked against it first: `bodyOf(exchange, 'quote').debitAmount`
 * instead of `exchange.response.json as Quote`. A body that does not fit fails GEN-SCHEMA (see RULE_OF) with what is wrong and
 * the exchange, instead of a test reading `undefined` further on. Members the schema does not list are allowed
 * here (the automatic checks report them, OAS-STRICT).
 *
 * The auth server's answers (grants, continuations, rotated tokens) are not here on purpose: the GNAP tests judge
 * those bodies member by member under their own rule (GNAP-GRANT-*, CONT-*, TOKEN-*), and reading them through a
 * schema first would report a missing member as GEN-SCHEMA instead. Nor are error bodies: a refusal is read for
 * what it must not name (an id, a token), not as a resource.
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
        RULE_OF[name] ?? 'GEN-SCHEMA',
        `the server answered a body that is not a ${name} of the OpenAPI 1.3.0 documents; ${RULE_OF[name] ? 'they require' : 'the spec requires'} these members and types:\n${listed}\n${summarize(exchange)}`,
      ),
    )
  }
  return body as Bodies[N]
}

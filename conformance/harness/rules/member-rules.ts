import { OPERATIONS } from '../openapi/operations.ts'
import type { SchemaViolation } from '../openapi/response-validator.ts'
import type { RuleRef } from './registry.ts'

/**
 * Members that a rule of their own is about. The automatic schema check reaches a bad member before the test
 * that checks it explicitly, and stops the test there: a violation at one of these members names the member's
 * rule beside GEN-SCHEMA, so the verdict fails the rule that says what is wrong.
 */
const MEMBER_RULES: {
  operations: readonly string[]
  member: RegExp
  /** The rule, or the clause of it, the member is about. */
  rule: RuleRef
  /** Only a member that is there with a wrong value, not a missing one. */
  present?: true
}[] = [
  // The wallet address document: a required member missing or of another type is what WA-DOC is about; an
  // asset that is there but out of range also breaks WA-ASSET, a server URL that is no URI WA-URLS.
  {
    operations: [OPERATIONS.getWalletAddress.operationId],
    member: /^\/(id|assetCode|assetScale|authServer|resourceServer)$/,
    rule: 'WA-DOC',
  },
  {
    operations: [OPERATIONS.getWalletAddress.operationId],
    member: /^\/(assetCode|assetScale)$/,
    rule: 'WA-ASSET',
    present: true,
  },
  {
    operations: [OPERATIONS.getWalletAddress.operationId],
    member: /^\/(authServer|resourceServer)$/,
    rule: 'WA-URLS',
    present: true,
  },
  {
    operations: [
      OPERATIONS.createOutgoingPayment,
      OPERATIONS.getOutgoingPayment,
      OPERATIONS.listOutgoingPayments,
    ].map((operation) => operation.operationId),
    member: /^(\/result\/\d+)?\/receiver$/,
    rule: 'OP-RECEIVER',
  },
  {
    operations: [OPERATIONS.listOutgoingPayments.operationId],
    member: /^\/result\/\d+(\/|$)/,
    rule: 'OP-LIST-FIELDS',
  },
  {
    operations: [OPERATIONS.postContinue.operationId],
    member: /^\/subject(\/|$)/,
    rule: 'CONT-SUBJECT',
  },
  // The issued token (value, manage, access) and the continue member the spec pairs with it. A continuation
  // answer without continue breaks the spec's combinations whatever else it carries.
  {
    operations: [OPERATIONS.postContinue.operationId],
    member: /^\/access_token(\/|$)/,
    rule: 'CONT-SUCCESS#access-token',
  },
  {
    operations: [OPERATIONS.postContinue.operationId],
    member: /^\/continue(\/|$)/,
    rule: 'CONT-SUCCESS#continue',
  },
  {
    operations: [OPERATIONS.createQuote, OPERATIONS.getQuote].map((operation) => operation.operationId),
    member: /^\/method$/,
    rule: 'QT-METHOD',
  },
  // A resource server's 400 to 404 are documented with the error envelope as their schema: an error body without
  // it (an OAuth-style {error: "forbidden"}) breaks that schema, and the envelope is what ERR-ENVELOPE is about.
  // No success body has an `error` member to miss.
  {
    operations: Object.values(OPERATIONS)
      .filter((operation) => operation.api === 'resource-server')
      .map((operation) => operation.operationId),
    member: /^\/error(\/|$)/,
    rule: 'ERR-ENVELOPE',
  },
]

/** The member a violation is about, its pointer (for a missing member the pointer of where it is missing). */
function memberOf(violation: SchemaViolation): { member: string; missing: boolean } {
  const missing = /"missingProperty":"([^"]+)"/.exec(violation.message)?.[1]
  const pointer = violation.pointer === '/' ? '' : violation.pointer
  return missing === undefined
    ? { member: pointer, missing: false }
    : { member: `${pointer}/${missing}`, missing: true }
}

/** The member rules a response's schema violations break, each once. */
export function memberRules(operationId: string, violations: readonly SchemaViolation[]): RuleRef[] {
  const broken = MEMBER_RULES.filter(
    ({ operations, member, present }) =>
      operations.includes(operationId) &&
      violations.some((violation) => {
        const about = memberOf(violation)
        return member.test(about.member) && !(present && about.missing)
      }),
  )
  return broken.map(({ rule }) => rule)
}

import { OPERATIONS } from '../openapi/operations.ts'
import type { SchemaViolation } from '../openapi/response-validator.ts'
import type { RuleId } from './registry.ts'

/**
 * Members that a rule of their own is about. The automatic schema check reaches a bad member before the test
 * that checks it explicitly, and stops the test there: a violation at one of these members names the member's
 * rule beside GEN-SCHEMA, so the verdict fails the rule that says what is wrong.
 */
const MEMBER_RULES: { operations: readonly string[]; member: RegExp; rule: RuleId }[] = [
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
  {
    operations: [OPERATIONS.createQuote, OPERATIONS.getQuote].map((operation) => operation.operationId),
    member: /^\/method$/,
    rule: 'QT-METHOD',
  },
]

/** The member a violation is about: its pointer, or for a missing member the pointer of where it is missing. */
function memberOf(violation: SchemaViolation): string {
  const missing = /"missingProperty":"([^"]+)"/.exec(violation.message)?.[1]
  const pointer = violation.pointer === '/' ? '' : violation.pointer
  return missing === undefined ? pointer : `${pointer}/${missing}`
}

/** The member rules a response's schema violations break, each once. */
export function memberRules(operationId: string, violations: readonly SchemaViolation[]): RuleId[] {
  const broken = MEMBER_RULES.filter(
    ({ operations, member }) =>
      operations.includes(operationId) && violations.some((violation) => member.test(memberOf(violation))),
  )
  return broken.map(({ rule }) => rule)
}

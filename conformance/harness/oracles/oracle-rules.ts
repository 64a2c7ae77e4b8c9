import type { RuleId } from '../rules/registry.ts'

/**
 * The rules the run-wide oracles judge on every exchange (resource-oracles.ts), whichever test made it: like the
 * automatic rules, they need no spec that names them to be charged (the mutant catalogue relies on this).
 */
export const ORACLE_RULES: ReadonlySet<RuleId> = new Set<RuleId>([
  'IP-CREATE',
  'IP-METADATA',
  'IP-GET',
  'IP-LIST',
  'IP-COMPLETE-ON-RECEIPT',
  'IP-REJECT-AFTER-COMPLETE',
  'QT-GET',
  'OP-GET',
  'OP-FAILED',
  'TOKEN-EXPIRY',
  'TOKEN-ROTATE',
  'TOKEN-REVOKE',
  'LIM-AMOUNT',
  'LIM-RECEIVER',
])

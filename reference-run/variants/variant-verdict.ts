import type { RuleId } from '../../conformance/harness/rules/registry.ts'
import type { RuleVerdict } from '../../reports/src/verdict.ts'
import type { ExpectedVerdict } from './variant.ts'

export type Got = 'CONFORMANT' | 'INCOMPLETE' | 'NOT CONFORMANT'

export interface VariantVerdict {
  got: Got
  /** The rules that decided `got`: failed or inconclusive, untested, or (CONFORMANT) the warnings. */
  decidedBy: string[]
  /** Every rule the run warned on, in any tier (a beyond-spec failure is a warning). */
  warned: string[]
  /** Why the deciding rules went untested (INCOMPLETE). */
  reasons: string[]
  /** The same reasons, by rule: a rule is explained when one of its own reasons names what would complete it. */
  reasonsByRule: Record<string, string[]>
  /** The spec rules that passed, with or without a warning. */
  passed: string[]
}

/**
 * The verdict on the spec files a variant runs, read as the full verdict reads the whole suite: a spec rule
 * failed or inconclusive is NOT CONFORMANT; a spec MUST rule only skipped is INCOMPLETE; else CONFORMANT.
 * Rules the run did not reach are not counted: a variant runs only the specs it touches.
 */
export function variantVerdict(rules: readonly RuleVerdict[]): VariantVerdict {
  const spec = rules.filter((r) => r.tier === 'spec')
  const warned = rules
    .filter((r) => r.status === 'warning' || (r.tier !== 'spec' && r.status === 'failed'))
    .map((r) => r.rule.id)
  const passed = spec.filter((r) => r.status === 'passed' || r.status === 'warning').map((r) => r.rule.id)
  const wrong = spec.filter((r) => r.status === 'failed' || r.status === 'inconclusive')
  if (wrong.length > 0) {
    return {
      got: 'NOT CONFORMANT',
      decidedBy: wrong.map((r) => r.rule.id),
      warned,
      reasons: [],
      reasonsByRule: {},
      passed,
    }
  }
  const untested = spec.filter((r) => r.rule.level === 'MUST' && r.status === 'skipped')
  if (untested.length > 0) {
    const reasons = [...new Set(untested.flatMap((r) => r.reasons))]
    const reasonsByRule = Object.fromEntries(untested.map((r) => [r.rule.id, r.reasons]))
    return {
      got: 'INCOMPLETE',
      decidedBy: untested.map((r) => r.rule.id),
      warned,
      reasons,
      reasonsByRule,
      passed,
    }
  }
  return { got: 'CONFORMANT', decidedBy: warned, warned, reasons: [], reasonsByRule: {}, passed }
}

/** What is wrong with `verdict` for a variant that expects `expected`; empty when it is as declared. */
export function mismatches(expected: ExpectedVerdict, verdict: VariantVerdict): string[] {
  if (verdict.got !== expected.verdict) return [`expected ${expected.verdict}, got ${verdict.got}`]
  if (expected.verdict === 'CONFORMANT') {
    return expected.warns.filter((id) => !verdict.warned.includes(id)).map((id) => `no ${id} warning`)
  }
  if (expected.verdict === 'NOT CONFORMANT') {
    const charged = verdict.decidedBy
    return [
      ...expected.fails.filter((id) => !charged.includes(id)).map((id) => `${id} did not fail`),
      ...charged.filter((id) => !expected.fails.includes(id as RuleId)).map((id) => `${id} failed too`),
      ...(expected.mayPass
        ? verdict.passed
            .filter((id) => !expected.mayPass!.includes(id as RuleId))
            .map((id) => `${id} passed, which nothing this server does can show`)
        : []),
    ]
  }
  // A rule part of which held names the clauses left over ("nothing checked that …") beside the skip that left
  // them: it is explained when one of its reasons names the declared cause.
  const names = [expected.setting].flat()
  const naming = (reason: string) => names.some((name) => reason.includes(name))
  return Object.entries(verdict.reasonsByRule)
    .filter(([, reasons]) => !reasons.some(naming))
    .map(
      ([rule, reasons]) =>
        `${rule}: no skip names ${names.join(' or ')}: ${reasons.join('; ') || 'no reason'}`,
    )
}

import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, test } from 'node:test'
import { RULES } from '../../conformance/harness/rules/registry.ts'
import type { RuleVerdict } from '../../reports/src/verdict.ts'
import { VARIANTS } from '../variants/catalog.ts'
import type { Variant } from '../variants/variant.ts'
import { variantCatalogProblems } from '../variants/variant-catalog-problems.ts'
import { mismatches, variantVerdict } from '../variants/variant-verdict.ts'

const repo = resolve(import.meta.dirname, '../..')
const read = (path: string) =>
  existsSync(join(repo, path)) ? readFileSync(join(repo, path), 'utf8') : undefined

describe('the allowed-variant catalogue', () => {
  // A code change that moves a variant's find string fails here, rather than the next `npm run variants`.
  test('fits the code: each find occurs once, each spec exists, each warned rule is known', () => {
    assert.deepEqual(variantCatalogProblems(VARIANTS, read), [])
  })

  test('names what no longer fits', () => {
    const [variant] = VARIANTS as [Variant]
    const stale: Variant = {
      ...variant,
      edits: [{ ...variant.edits[0]!, find: 'no such code' }],
      expected: { verdict: 'CONFORMANT', warns: ['NO-SUCH-RULE' as never] },
    }
    assert.deepEqual(variantCatalogProblems([stale, stale], read), [
      `${variant.id}: the id is used twice`,
      `${variant.id}: ${variant.edits[0]!.file}: the find string occurs 0 times, not once: "no such code"`,
      `${variant.id}: ${variant.edits[0]!.file}: the find string occurs 0 times, not once: "no such code"`,
      `${variant.id}: unknown rule NO-SUCH-RULE`,
      `${variant.id}: unknown rule NO-SUCH-RULE`,
    ])
    const stub: Variant = {
      ...variant,
      id: 'stub',
      server: 'stub',
      expected: { verdict: 'NOT CONFORMANT', fails: ['AUTH-REQUIRED'], mayPass: ['NO-SUCH-RULE' as never] },
    }
    assert.deepEqual(variantCatalogProblems([stub], read), [
      'stub: unknown rule NO-SUCH-RULE',
      'stub: the stub server takes no edits',
    ])
  })

  test('the stateless stub is a misleading situation of the whole suite', () => {
    const stub = VARIANTS.find((variant) => variant.id === 'stateless-stub')
    assert.deepEqual([stub?.server, stub?.edits, stub?.specs], ['stub', [], []])
  })
})

describe('the verdict on a variant', () => {
  const rule = (id: string) => RULES.find((r) => r.id === id)!
  const verdict = (id: string, status: RuleVerdict['status'], reasons: string[] = []): RuleVerdict => ({
    rule: rule(id),
    tier: id === 'REQ-UNKNOWN-MEMBER' ? 'beyond-spec' : 'spec',
    status,
    tests: [],
    failures: [],
    failedIn: [],
    warnings: [],
    reasons,
    notRun: [],
    evidence: [],
    observed: { pass: 0, fail: 0, warning: 0, 'not-applicable': 0, control: 0 },
    clauses: [],
  })

  test('a beyond-spec failure is a warning; a spec warning too', () => {
    const got = variantVerdict([verdict('REQ-UNKNOWN-MEMBER', 'failed'), verdict('IP-COMPLETE', 'warning')])
    assert.equal(got.got, 'CONFORMANT')
    assert.deepEqual(got.warned, ['REQ-UNKNOWN-MEMBER', 'IP-COMPLETE'])
    assert.deepEqual(mismatches({ verdict: 'CONFORMANT', warns: ['IP-COMPLETE'] }, got), [])
    assert.deepEqual(mismatches({ verdict: 'CONFORMANT', warns: ['OP-PROCESS'] }, got), [
      'no OP-PROCESS warning',
    ])
  })

  test('a spec failure or inconclusive rule is NOT CONFORMANT', () => {
    const got = variantVerdict([verdict('IP-CREATE', 'inconclusive'), verdict('IP-GET', 'passed')])
    assert.deepEqual([got.got, got.decidedBy], ['NOT CONFORMANT', ['IP-CREATE']])
    assert.deepEqual(mismatches({ verdict: 'CONFORMANT', warns: [] }, got), [
      'expected CONFORMANT, got NOT CONFORMANT',
    ])
  })

  test('a stub may fail exactly its rules, and pass only the rules one answer shows by itself', () => {
    const got = variantVerdict([
      verdict('AUTH-REQUIRED', 'failed'),
      verdict('GEN-SCHEMA', 'passed'),
      verdict('SIG-REQUIRED', 'warning'),
      verdict('IP-GET', 'skipped', ['not reached: a non-interactive grant fails: …']),
    ])
    const expected = { verdict: 'NOT CONFORMANT', fails: ['AUTH-REQUIRED'], mayPass: ['GEN-SCHEMA'] } as const
    assert.deepEqual(
      mismatches({ ...expected, fails: [...expected.fails], mayPass: [...expected.mayPass] }, got),
      ['SIG-REQUIRED passed, which nothing this server does can show'],
    )
  })

  test('a skipped MUST rule is INCOMPLETE, and each such rule must have a skip naming the setting', () => {
    const named = variantVerdict([verdict('OP-SETTLE', 'skipped', ['slow; set waits.settlementSeconds'])])
    assert.deepEqual([named.got, named.decidedBy], ['INCOMPLETE', ['OP-SETTLE']])
    assert.deepEqual(mismatches({ verdict: 'INCOMPLETE', setting: 'waits.settlementSeconds' }, named), [])
    const unnamed = variantVerdict([verdict('OP-SETTLE', 'skipped', ['no reason'])])
    assert.deepEqual(mismatches({ verdict: 'INCOMPLETE', setting: 'waits.settlementSeconds' }, unnamed), [
      'OP-SETTLE: no skip names waits.settlementSeconds: no reason',
    ])
  })

  test('a rule partly held names the clauses left over beside the skip that left them: explained', () => {
    const partly = variantVerdict([
      verdict('IP-METADATA', 'skipped', [
        'nothing checked that get returns the metadata as sent on create',
        'not reached in "get": the test ran out of its time (raise it with --timeout)',
      ]),
    ])
    assert.deepEqual(mismatches({ verdict: 'INCOMPLETE', setting: '--timeout' }, partly), [])
  })

  test('where several causes are declared, each skip must name one of them', () => {
    const expected = { verdict: 'INCOMPLETE', setting: ['--timeout', 'slower than its quotes live'] } as const
    const got = variantVerdict([
      verdict('IP-GET', 'skipped', ['cut: raise --timeout']),
      verdict('OP-CREATE-QUOTE', 'skipped', ['not reached: a target slower than its quotes live']),
    ])
    assert.deepEqual(mismatches(expected, got), [])
    const other = variantVerdict([verdict('IP-GET', 'skipped', ['no reason'])])
    assert.deepEqual(mismatches(expected, other), [
      'IP-GET: no skip names --timeout or slower than its quotes live: no reason',
    ])
  })
})

import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { DEFECTS } from '../adapters/defects.ts'
import { BROKEN_CLIENTS, brokenEntries } from '../broken-clients/catalog.ts'
import { CLIENT_RULES } from '../client-rules.ts'
import { NAMED_ONLY_RULES } from '../grade-scenario.ts'
import { SCENARIOS } from '../scenarios.ts'

const NAMED_ONLY = NAMED_ONLY_RULES

describe('broken-client catalogue', () => {
  test('every defect the adapter knows has an entry, and every entry a defect', () => {
    assert.deepEqual(Object.keys(BROKEN_CLIENTS).sort(), [...DEFECTS].sort())
  })

  test('each entry breaks a registered, encoded rule, in a scenario that checks it', () => {
    // An entry that breaks no rule is a correct client with a protocol fault (lingering-child): it must pass.
    for (const entry of brokenEntries().filter((e) => e.breaks !== undefined)) {
      const rule = CLIENT_RULES.find((r) => r.id === entry.breaks)
      assert.ok(rule, `${entry.name}: ${entry.breaks} is not a client rule`)
      assert.equal(rule.pending, undefined, `${entry.name}: ${entry.breaks} is pending`)
      for (const name of entry.scenarios) {
        const scenario = SCENARIOS.find((s) => s.name === name)
        assert.ok(scenario, `${entry.name}: no scenario ${name}`)
        if (NAMED_ONLY.includes(entry.breaks!))
          assert.ok(
            (scenario.rules as string[]).includes(entry.breaks!),
            `${name} does not check ${entry.breaks}`,
          )
      }
    }
  })

  test('every client rule has a broken client that breaks it', () => {
    const broken = new Set(brokenEntries().map((e) => e.breaks))
    const none = CLIENT_RULES.filter((rule) => !broken.has(rule.id as never)).map((rule) => rule.id)
    assert.deepEqual(none, [])
  })

  test('every encoded client rule is named by a scenario or checked in all of them', () => {
    const named = new Set(SCENARIOS.flatMap((s) => s.rules as string[]))
    for (const rule of CLIENT_RULES.filter((r) => !r.pending && NAMED_ONLY.includes(r.id)))
      assert.ok(named.has(rule.id), `${rule.id} is checked only where a scenario names it, and none does`)
  })
})

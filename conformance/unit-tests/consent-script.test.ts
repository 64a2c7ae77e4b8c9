import assert from 'node:assert/strict'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { defaultConsentScript, loadConsentScript } from '../harness/consent/consent-script.ts'
import { TargetConfigurationError } from '../harness/target/target-configuration-error.ts'

describe('consent scripts', () => {
  test('no script: the default one, which clicks Accept or Reject', async () => {
    assert.equal(await loadConsentScript(undefined), defaultConsentScript)
  })

  test("a target's module: its default export", async () => {
    const script = await loadConsentScript(
      join(import.meta.dirname, '..', 'harness', 'target', 'accept-consent.ts'),
    )
    assert.equal(typeof script, 'function')
  })

  test('a module without a default function is a configuration error naming the file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'consent-')), 'no-default.mjs')
    writeFileSync(file, 'export const accept = () => {}\n')
    await assert.rejects(loadConsentScript(file), (error: unknown) => {
      assert.ok(error instanceof TargetConfigurationError)
      assert.match(error.message, /no-default\.mjs must export a default async function/)
      return true
    })
  })

  test('a module that does not load is a configuration error', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'consent-')), 'broken.mjs')
    writeFileSync(file, 'export default (\n')
    await assert.rejects(loadConsentScript(file), TargetConfigurationError)
  })
})

import assert from 'node:assert/strict'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { expiryWaitSeconds, tooLongToWait } from '../harness/target/expiry-wait.ts'
import { resolveTarget } from '../harness/target/resolve-target.ts'
import type { TargetFile } from '../harness/target/target-file.ts'

const target: TargetFile = {
  name: 't',
  walletAddresses: { sender: 'https://a.example/s', receiver: 'https://a.example/r' },
  client: { serveLocally: true },
}

describe('how long the suite waits for an expiry', () => {
  test('by default 120 s for tokens and 30 s for quotes', () => {
    assert.deepEqual([expiryWaitSeconds(target, 'token'), expiryWaitSeconds(target, 'quote')], [120, 30])
  })

  test('waits.expirySeconds sets both', () => {
    const patient = { ...target, waits: { expirySeconds: 660 } }
    assert.deepEqual([expiryWaitSeconds(patient, 'token'), expiryWaitSeconds(patient, 'quote')], [660, 660])
  })

  test('the skip reason names the lifetime, the limit and the field to set', () => {
    assert.equal(
      tooLongToWait(target, 'quote', 300),
      "the target's quotes live 300 s; the suite waits at most 30 s (by default); set waits.expirySeconds to " +
        'at least 300 to have it wait (see conformance/harness/target/README.md)',
    )
  })
})

describe('--quick', () => {
  const quick = { CONFORMANCE_QUICK: '1' }
  const patient: TargetFile = { ...target, waits: { expirySeconds: 600 } }

  test('waits for no expiry, whatever the target file allows, and says why', () => {
    assert.equal(expiryWaitSeconds(patient, 'quote', quick), 0)
    assert.match(tooLongToWait(patient, 'quote', 300, quick), /a --quick run waits for no expiry/)
  })

  test("drops the target's promise that tokens may always be waited for", () => {
    const dir = mkdtempSync(join(tmpdir(), 'quick-'))
    const file = join(dir, 't.json')
    writeFileSync(file, JSON.stringify({ ...patient, capabilities: { tokenExpiryWaitable: true } }))
    assert.equal(resolveTarget({ CONFORMANCE_TARGET: file }).capabilities?.tokenExpiryWaitable, true)
    assert.equal(
      resolveTarget({ CONFORMANCE_TARGET: file, ...quick }).capabilities?.tokenExpiryWaitable,
      undefined,
    )
  })
})

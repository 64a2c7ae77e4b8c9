import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  grantIntervalSeconds,
  incomingLifetimeMs,
  settlementTestTimeoutMs,
  settlementTimeoutMs,
} from '../harness/target/ase-settings.ts'
import type { TargetFile } from '../harness/target/target-file.ts'

const target: TargetFile = {
  name: 't',
  walletAddresses: { sender: 'http://x/a', receiver: 'http://x/b' },
  client: { serveLocally: true },
}

describe("the ASE's settings in the target file", () => {
  test('absent: the suite asks for what it wants and waits 30 s for settlement', () => {
    assert.equal(incomingLifetimeMs(3_000, target, 0), 3_000)
    assert.equal(grantIntervalSeconds(5, target), 5)
    assert.equal(settlementTimeoutMs(target), 30_000)
  })

  test('present: at least the minimum (a lifetime with room for transit), and the settlement wait given', () => {
    const ase: TargetFile = {
      ...target,
      incomingPayments: { minimumLifetimeSeconds: 60 },
      grants: { minimumIntervalSeconds: 3600 },
      waits: { settlementSeconds: 90 },
    }
    assert.equal(incomingLifetimeMs(3_000, ase, 0), 65_000)
    assert.equal(incomingLifetimeMs(120_000, ase, 0), 120_000)
    // A target 10 s away: the payment must outlive its own create answer, minimum or not.
    assert.equal(incomingLifetimeMs(3_000, target, 10_000), 23_000)
    assert.equal(incomingLifetimeMs(120_000, ase, 10_000), 140_000)
    assert.equal(grantIntervalSeconds(5, ase), 3600)
    assert.equal(settlementTimeoutMs(ase), 90_000)
  })

  test("a test's timeout grows with the settlement waits the target declares, one after another", () => {
    assert.equal(settlementTestTimeoutMs(1, target), 60_000)
    assert.equal(settlementTestTimeoutMs(2, { ...target, waits: { settlementSeconds: 90 } }), 210_000)
  })
})

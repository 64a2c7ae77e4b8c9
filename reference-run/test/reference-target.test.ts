import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, test } from 'node:test'
import { referenceServerPlan, writeRunReferenceTarget } from '../reference-plan.ts'

const plan = (port: number) => referenceServerPlan({ REFERENCE_PORT: String(port) })
const senderOf = (path: string) => JSON.parse(readFileSync(path, 'utf8')).walletAddresses.sender

describe("a reference run's target file", () => {
  test("the run's workers read a copy of their own, which another process writing the output folder's leaves alone", () => {
    const reports = mkdtempSync(join(tmpdir(), 'reference-target-'))
    const own = writeRunReferenceTarget(plan(5600), reports, false)
    assert.notEqual(dirname(own), reports)
    assert.equal(senderOf(join(reports, 'reference-target.json')), 'http://127.0.0.1:5600/alice')
    // What `op-conformance rules` (a listing) beside the run did, and any run with the same folder would.
    writeFileSync(
      join(reports, 'reference-target.json'),
      JSON.stringify({ walletAddresses: { sender: 'x' } }),
    )
    writeRunReferenceTarget(plan(5700), reports, false)
    assert.equal(senderOf(own), 'http://127.0.0.1:5600/alice')
  })

  test('a listing, which starts no server, writes nothing in the output folder', () => {
    const reports = mkdtempSync(join(tmpdir(), 'reference-target-'))
    const own = writeRunReferenceTarget(plan(5600), reports, true)
    assert.ok(existsSync(own))
    assert.ok(!existsSync(join(reports, 'reference-target.json')))
  })
})

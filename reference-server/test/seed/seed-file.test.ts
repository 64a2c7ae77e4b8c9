import assert from 'node:assert/strict'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, it } from 'node:test'
import { parseSeed, readSeedFile, SeedError } from '../../src/seed/seed-file.ts'
import { UINT64_MAX } from '../../src/shared/uint64.ts'
import { fixture, repoRoot } from '../support/helpers.ts'

const alice = { name: 'alice', publicName: 'Alice', assetCode: 'USD', assetScale: 2, balance: '100' }
const key = {
  kid: 'k1',
  alg: 'EdDSA',
  kty: 'OKP',
  crv: 'Ed25519',
  x: 'JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs',
}

function problems(walletAddresses: unknown[]): string[] {
  const result = parseSeed({ walletAddresses })
  assert.ok(Array.isArray(result), 'expected problems')
  return result
}

describe('parseSeed', () => {
  it('accepts a valid seed and keeps amounts as bigint', () => {
    const result = parseSeed({
      walletAddresses: [
        { ...alice, balance: UINT64_MAX.toString(), keys: [key] },
        { ...alice, name: 'bob' },
      ],
    })
    assert.ok(!Array.isArray(result))
    assert.equal(result.walletAddresses[0]?.balance, UINT64_MAX)
    assert.deepEqual(result.walletAddresses[0]?.keys, [key])
    assert.deepEqual(result.walletAddresses[1]?.keys, [])
  })

  it('defaults a missing balance to zero', () => {
    const { balance: _, ...unfunded } = alice
    const result = parseSeed({ walletAddresses: [unfunded] })
    assert.ok(!Array.isArray(result))
    assert.equal(result.walletAddresses[0]?.balance, 0n)
  })

  it('names the entry and the field in each problem', () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...alice, assetCode: undefined }, /^walletAddresses\[0\] \(alice\)\.assetCode /],
      [{ ...alice, assetCode: 'usd' }, /\(alice\)\.assetCode /],
      [{ ...alice, assetScale: 256 }, /\(alice\)\.assetScale /],
      [{ ...alice, assetScale: '2' }, /\(alice\)\.assetScale /],
      [{ ...alice, balance: 100 }, /\(alice\)\.balance /],
      [{ ...alice, balance: '-1' }, /\(alice\)\.balance /],
      [{ ...alice, balance: '12.5' }, /\(alice\)\.balance /],
      [{ ...alice, balance: (UINT64_MAX + 1n).toString() }, /\(alice\)\.balance /],
      [{ ...alice, publicName: '' }, /\(alice\)\.publicName /],
      [{ ...alice, balace: '1' }, /\(alice\)\.balace is not a known field/],
      [{ ...alice, name: 'Alice' }, /\(Alice\)\.name /],
      [{ ...alice, name: 'a/b' }, /\(a\/b\)\.name /],
      [{ ...alice, name: undefined }, /^walletAddresses\[0\]\.name /],
      [{ ...alice, keys: {} }, /\(alice\)\.keys /],
      [{ ...alice, keys: [{ ...key, d: 'secret' }] }, /\(alice\)\.keys\[0\] must be a public key/],
      [{ ...alice, keys: [{ ...key, crv: 'P-256' }] }, /\(alice\)\.keys\[0\] must be an Ed25519 key/],
      [{ ...alice, keys: [{ ...key, x: 'short' }] }, /\(alice\)\.keys\[0\]\.x /],
      [{ ...alice, keys: [{ ...key, kid: '' }] }, /\(alice\)\.keys\[0\]\.kid /],
      [{ ...alice, keys: [key, key] }, /\(alice\)\.keys\[1\]\.kid "k1" appears more than once/],
    ]
    for (const [entry, pattern] of cases) {
      const found = problems([entry])
      assert.equal(found.length, 1, `${JSON.stringify(entry)}: ${found.join('; ')}`)
      assert.match(found[0] ?? '', pattern)
    }
  })

  it('rejects names that collide with server routes', () => {
    for (const name of [
      'incoming-payments',
      'outgoing-payments',
      'quotes',
      'outgoing-payment-grant',
      'healthz',
    ]) {
      assert.match(
        problems([{ ...alice, name }])[0] ?? '',
        new RegExp(`\\(${name}\\)\\.name "${name}" is reserved`),
      )
    }
  })

  it('rejects duplicate names', () => {
    assert.deepEqual(problems([alice, alice]), [
      'walletAddresses[1] (alice).name "alice" appears more than once',
    ])
  })

  it('rejects a file without a walletAddresses array, and entries that are not objects', () => {
    assert.ok(Array.isArray(parseSeed([])))
    assert.ok(Array.isArray(parseSeed({ wallets: [] })))
    assert.deepEqual(problems(['alice']), ['walletAddresses[0] must be an object'])
  })
})

describe('readSeedFile', () => {
  it('reads the default seed: alice, bob and carol, all funded', async () => {
    const seed = await readSeedFile(path.join(repoRoot, 'reference-server/seed/default.json'))
    const byName = new Map(seed.walletAddresses.map((entry) => [entry.name, entry]))
    assert.deepEqual(
      { ...byName.get('alice'), keys: undefined },
      { ...alice, balance: 100000000n, keys: undefined },
    )
    assert.deepEqual(
      [byName.get('bob')?.assetCode, byName.get('bob')?.assetScale, byName.get('carol')?.assetCode],
      ['USD', 2, 'EUR'],
    )
    for (const entry of seed.walletAddresses) assert.ok(entry.balance > 0n, `${entry.name} is funded`)
  })

  it('reads the test fixture', async () => {
    const seed = await readSeedFile(fixture('seed.json'))
    assert.equal(seed.walletAddresses.length, 3)
  })

  it('names the file in its errors', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'seed-'))
    const missing = path.join(dir, 'missing.json')
    await assert.rejects(readSeedFile(missing), (err: unknown) => {
      assert.ok(err instanceof SeedError)
      assert.match(err.message, new RegExp(`${missing}: file not found`))
      return true
    })
    const broken = path.join(dir, 'broken.json')
    await writeFile(broken, '{"walletAddresses": [')
    await assert.rejects(readSeedFile(broken), /broken\.json: not valid JSON/)
    const invalid = path.join(dir, 'invalid.json')
    await writeFile(invalid, JSON.stringify({ walletAddresses: [{ ...alice, assetScale: -1 }] }))
    await assert.rejects(readSeedFile(invalid), /invalid\.json: walletAddresses\[0\] \(alice\)\.assetScale/)
  })
})

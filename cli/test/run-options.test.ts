import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { withoutPrivateKeys } from '../evidence-archive.ts'
import { parseRunOptions, UsageError } from '../run-options.ts'

describe('op-conformance run options', () => {
  test('its own options are taken, every other argument goes to Playwright', () => {
    const options = parseRunOptions([
      '--target',
      'ase.json',
      '--grep',
      '@WA-DOC',
      '--output=out',
      '--baseline',
      'b.json',
      '--shard',
      '2/3',
      '--quick',
      '--no-stop',
      '--workers',
      '2',
      '--reporter',
      'dot',
    ])
    assert.deepEqual(options, {
      target: 'ase.json',
      output: 'out',
      baseline: 'b.json',
      shard: { index: 2, total: 3 },
      quick: true,
      noStop: true,
      reporter: 'dot',
      help: false,
      playwrightArgs: ['--grep', '@WA-DOC', '--workers', '2'],
    })
  })

  test('a missing value or a bad shard is a usage error naming the option', () => {
    assert.throws(() => parseRunOptions(['--target']), new UsageError('--target: a value is missing'))
    assert.throws(() => parseRunOptions(['--output', '--quick']), /--output: a value is missing/)
    assert.throws(() => parseRunOptions(['--shard', '3/2']), /--shard: expected I\/N/)
    assert.throws(() => parseRunOptions(['--shard=1of2']), /--shard: expected I\/N/)
  })
})

describe('the archived target file', () => {
  test('has no private key left, and keeps everything else', () => {
    const target = {
      name: 'ase',
      client: { walletAddress: 'https://a/c', keyId: 'k', privateKey: 'SECRET' },
      secondClient: { walletAddress: 'https://a/d', keyId: 'k2', privateKeyFile: './k2.pem' },
    }
    const published = withoutPrivateKeys(target)
    assert.doesNotMatch(JSON.stringify(published), /SECRET/)
    assert.deepEqual(published.secondClient, target.secondClient)
    assert.equal(target.client.privateKey, 'SECRET', 'the original is left alone')
  })
})

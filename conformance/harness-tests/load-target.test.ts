import assert from 'node:assert/strict'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { loadTargetFile, parseTarget, TargetFileError } from '../target/load-target.ts'

const valid = {
  name: 'example ASE',
  walletAddresses: { sender: 'https://ase.example/alice', receiver: 'https://ase.example/bob' },
  client: { serveLocally: true },
}

function problemsOf(value: unknown): string[] {
  try {
    parseTarget(value, 'target.json', tmpdir())
  } catch (error) {
    assert.ok(error instanceof TargetFileError)
    return error.problems
  }
  assert.fail('expected the target to be rejected')
}

describe('target file validation', () => {
  test('a valid target is accepted', () => {
    assert.equal(parseTarget(valid, 'target.json', tmpdir()).name, 'example ASE')
  })

  const cases: [string, unknown, RegExp][] = [
    [
      'a missing receiver',
      { ...valid, walletAddresses: { sender: valid.walletAddresses.sender } },
      /^walletAddresses\.receiver: required/,
    ],
    [
      'a relative URL',
      { ...valid, walletAddresses: { ...valid.walletAddresses, sender: '/alice' } },
      /^walletAddresses\.sender: must be an absolute http\(s\) URL \(got "\/alice"\)/,
    ],
    [
      'an ftp URL',
      { ...valid, walletAddresses: { ...valid.walletAddresses, receiver: 'ftp://x/bob' } },
      /^walletAddresses\.receiver: must be an absolute/,
    ],
    ['an unknown field', { ...valid, baseUrl: 'https://x' }, /^baseUrl: unknown field/],
    [
      'an unknown consent driver',
      { ...valid, consent: { driver: 'selenium' } },
      /^consent\.driver: must be one of "browser", "http"/,
    ],
    [
      'a client without a key',
      { ...valid, client: { walletAddress: 'https://x/client', keyId: 'k' } },
      /exactly one of client\.privateKey and client\.privateKeyFile/,
    ],
    [
      'a missing key file',
      { ...valid, client: { walletAddress: 'https://x/c', keyId: 'k', privateKeyFile: 'nope.pem' } },
      /^client\.privateKeyFile: file not found/,
    ],
    [
      'a local client with a key',
      { ...valid, client: { serveLocally: true, keyId: 'k' } },
      /^client\.keyId: not allowed with client\.serveLocally/,
    ],
  ]
  for (const [name, value, expected] of cases) {
    test(`${name} is named in the error`, () => {
      const problems = problemsOf(value)
      assert.ok(
        problems.some((p) => expected.test(p)),
        `no problem matches ${expected}: ${JSON.stringify(problems)}`,
      )
    })
  }

  test('a file that is not JSON says so', () => {
    const dir = mkdtempSync(join(tmpdir(), 'target-'))
    writeFileSync(join(dir, 'target.json'), '{ "name": ')
    assert.throws(() => loadTargetFile(join(dir, 'target.json')), /not valid JSON/)
  })

  test('a missing file says where it looked', () => {
    assert.throws(
      () => loadTargetFile('/nonexistent/target.json'),
      /file not found \(resolved to \/nonexistent\/target\.json\)/,
    )
  })
})

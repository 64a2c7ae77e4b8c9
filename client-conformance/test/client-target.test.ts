import assert from 'node:assert/strict'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { exportPrivateKeyPem, generateClientKey } from '../../clients/src/index.ts'
import { ClientTargetError } from '../target/client-target-error.ts'
import { loadClientTarget } from '../target/load-client-target.ts'

const dir = mkdtempSync(join(tmpdir(), 'client-target-'))
const write = (name: string, content: unknown) => {
  const file = join(dir, name)
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content))
  return file
}
const problemsOf = (file: string): string[] => {
  try {
    loadClientTarget(file)
  } catch (error) {
    assert.ok(error instanceof ClientTargetError, String(error))
    return error.problems
  }
  assert.fail('the target file was accepted')
}

describe('client target file', () => {
  const key = generateClientKey('my-kid')

  test("carries the adapter and the user's own key; paths are relative to the file", () => {
    write('client.pem', exportPrivateKeyPem(key))
    const target = loadClientTarget(
      write('ok.json', {
        name: 'my-sdk',
        adapter: 'python3 adapter.py',
        timeoutSeconds: 30,
        client: { keyId: 'my-kid', privateKeyFile: 'client.pem' },
      }),
    )
    assert.equal(target.adapter, 'python3 adapter.py')
    assert.equal(target.cwd, dir)
    assert.equal(target.timeoutSeconds, 30)
    assert.equal(target.key?.keyId, 'my-kid')
    assert.deepEqual(target.key?.publicJwk, key.publicJwk)
  })

  test('the example client target file is valid', () => {
    const example = new URL('../target/example-client-target.json', import.meta.url).pathname
    assert.equal(loadClientTarget(example).key?.keyId, 'example-client-key')
  })

  test('without a key the suite makes one: only the adapter is required', () => {
    assert.equal(loadClientTarget(write('minimal.json', { adapter: 'x' })).key, undefined)
  })

  test('every mistake is named by its field', () => {
    assert.deepEqual(
      problemsOf(write('bad.json', { adaptor: 'x', timeoutSeconds: 0, client: { privateKey: 'x' } })),
      // A misspelled required field is named once, by its misspelling.
      [
        'adaptor: unknown field; did you mean "adapter"?',
        'timeoutSeconds: must be > 0',
        'client.keyId: required field is missing',
      ],
    )
    assert.deepEqual(problemsOf(write('twokeys.json', { adapter: 'x', client: { keyId: 'k' } })), [
      'client: give exactly one of client.privateKey and client.privateKeyFile',
    ])
    const [notAKey] = problemsOf(
      write('notakey.json', { adapter: 'x', client: { keyId: 'k', privateKey: 'nope' } }),
    )
    assert.match(notAKey!, /^client\.privateKey: not an Ed25519 private key in PKCS#8 PEM/)
    assert.deepEqual(problemsOf(write('nocwd.json', { adapter: 'x', cwd: 'missing' })), [
      `cwd: folder not found (resolved to ${join(dir, 'missing')})`,
    ])
    assert.match(problemsOf(write('syntax.json', '{"adapter": }'))[0]!, /^not valid JSON/)
  })
})

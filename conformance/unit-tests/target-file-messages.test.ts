import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import { closestName } from '../harness/target/closest-name.ts'
import { jsonSyntaxError } from '../harness/target/json-syntax.ts'
import { loadTargetFile, parseTarget } from '../harness/target/load-target.ts'
import { TargetFileError } from '../harness/target/target-file-error.ts'

const dir = mkdtempSync(join(tmpdir(), 'target-messages-'))
const addresses = { sender: 'https://ase.example/alice', receiver: 'https://ase.example/bob' }

function problemsOf(load: () => unknown): string[] {
  try {
    load()
  } catch (error) {
    assert.ok(error instanceof TargetFileError, String(error))
    return error.problems
  }
  assert.fail('expected the target to be rejected')
}

function fileProblems(name: string, text: string): string[] {
  writeFileSync(join(dir, name), text)
  return problemsOf(() => loadTargetFile(join(dir, name)))
}

describe('target file messages that teach', () => {
  test('a misspelled required field is one problem, with the field it was meant to be', () => {
    const problems = problemsOf(() =>
      parseTarget({ name: 'x', walletAdresses: addresses, client: { serveLocally: true } }, 't.json', dir),
    )
    assert.deepEqual(problems, ['walletAdresses: unknown field; did you mean "walletAddresses"?'])
  })

  const misspellings: [typo: object, expected: string][] = [
    [{ client: { serveLocally: true, Host: 'x' } }, 'client.Host: unknown field; did you mean "host"?'],
    [
      { walletAddresses: { ...addresses, othreAsset: 'https://ase.example/eur' } },
      'walletAddresses.othreAsset: unknown field; did you mean "otherAsset"?',
    ],
    [{ wait: { expirySeconds: 5 } }, 'wait: unknown field; did you mean "waits"?'],
    [{ colour: 'blue' }, 'colour: unknown field'],
  ]
  for (const [typo, expected] of misspellings) {
    test(`names ${expected.split(':')[0]} with its likeliest meaning`, () => {
      const target = { name: 'x', walletAddresses: addresses, client: { serveLocally: true }, ...typo }
      assert.deepEqual(
        problemsOf(() => parseTarget(target, 't.json', dir)),
        [expected],
      )
    })
  }

  const syntax: [name: string, text: string, expected: string][] = [
    ['a trailing comma', '{\n  "name": "x",\n}\n', 'unexpected "}" at line 3, column 1'],
    ['a missing value', '{\n  "name": \n  "client": {}\n}', 'unexpected ":" at line 3, column 11'],
    ['a comment', '{\n  // my ASE\n  "name": "x"\n}', 'unexpected "/" at line 2, column 3'],
    ['a cut-off file', '{ "name": "x"', 'unexpected end of file at line 1, column 14'],
  ]
  for (const [name, text, expected] of syntax) {
    test(`invalid JSON, ${name}: line and column`, () => {
      assert.deepEqual(fileProblems('broken.json', text), [`not valid JSON: ${expected}`])
    })
  }

  test('any JSON text is read as valid', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, pretty) => {
        assert.equal(jsonSyntaxError(JSON.stringify(value, null, pretty ? 2 : undefined)), undefined)
      }),
    )
  })

  test('a directory is not a file, as the target file or as a file it names', () => {
    const folder = join(dir, 'a-folder')
    mkdirSync(folder, { recursive: true })
    assert.deepEqual(
      problemsOf(() => loadTargetFile(folder)),
      [`not a file: ${folder} is a directory`],
    )
    const client = { walletAddress: 'https://ase.example/c', keyId: 'k', privateKeyFile: 'a-folder' }
    assert.deepEqual(
      problemsOf(() => parseTarget({ name: 'x', walletAddresses: addresses, client }, 't.json', dir)),
      [`client.privateKeyFile: not a file: ${folder} is a directory`],
    )
  })

  test('closestName: case, one or two edits, a swap; nothing when too far', () => {
    const known = ['walletAddresses', 'waits', 'client', 'secondClient']
    assert.equal(closestName('WAITS', known), 'waits')
    assert.equal(closestName('cleint', known), 'client')
    assert.equal(closestName('secondClients', known), 'secondClient')
    assert.equal(closestName('consent', known), undefined)
  })
})

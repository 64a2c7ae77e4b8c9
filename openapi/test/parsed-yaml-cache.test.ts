import assert from 'node:assert/strict'
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { parse } from 'yaml'
import { openApiPath } from '../official-documents.ts'
import { parseYamlFile } from '../parsed-yaml-cache.ts'

const scratch = () => mkdtempSync(join(tmpdir(), 'yaml-cache-test-'))

test('each official document reads back from the cache as the same tree the YAML parses to', async () => {
  const cacheDir = scratch()
  for (const api of ['resource-server', 'auth-server', 'wallet-address-server'] as const) {
    const file = openApiPath(api)
    const expected = parse(readFileSync(file, 'utf8'))
    assert.deepEqual(await parseYamlFile(file, cacheDir), expected, `${api}, first read`)
    assert.deepEqual(await parseYamlFile(file, cacheDir), expected, `${api}, from the cache`)
  }
  assert.equal(readdirSync(cacheDir).filter((name) => name.endsWith('.json')).length, 3)
})

test('a changed file is parsed again, not served from the cache of its old text', async () => {
  const [dir, cacheDir] = [scratch(), scratch()]
  const file = join(dir, 'doc.yaml')
  writeFileSync(file, 'info:\n  version: 1.0.0\n')
  assert.deepEqual(await parseYamlFile(file, cacheDir), { info: { version: '1.0.0' } })
  writeFileSync(file, 'info:\n  version: 2.0.0\n')
  assert.deepEqual(await parseYamlFile(file, cacheDir), { info: { version: '2.0.0' } })
})

test('a damaged cache entry is parsed again and replaced', async () => {
  const [dir, cacheDir] = [scratch(), scratch()]
  const file = join(dir, 'doc.yaml')
  writeFileSync(file, 'a: [1, 2]\n')
  await parseYamlFile(file, cacheDir)
  const [entry] = readdirSync(cacheDir)
  writeFileSync(join(cacheDir, entry!), '{"a": [1,')
  assert.deepEqual(await parseYamlFile(file, cacheDir), { a: [1, 2] })
  assert.deepEqual(JSON.parse(readFileSync(join(cacheDir, entry!), 'utf8')), { a: [1, 2] })
})

test('a cache folder that cannot be written costs only the speed-up', async () => {
  const dir = scratch()
  const file = join(dir, 'doc.yaml')
  writeFileSync(file, 'b: true\n')
  // A regular file where the folder should be: mkdir fails.
  const blocked = join(dir, 'not-a-folder')
  writeFileSync(blocked, '')
  assert.deepEqual(await parseYamlFile(file, blocked), { b: true })
})

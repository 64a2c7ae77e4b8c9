import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { listingDigest, listTests } from '../tools/list-tests.ts'

const scratch = mkdtempSync(join(tmpdir(), 'op-listing-'))
after(() => import('node:fs').then(({ rmSync }) => rmSync(scratch, { recursive: true, force: true })))

describe('the kept listing', () => {
  test('its digest changes with any byte of a source the listing loads, and with no other file', () => {
    const root = join(scratch, 'root')
    mkdirSync(join(root, 'conformance/tests'), { recursive: true })
    writeFileSync(join(root, 'playwright.config.ts'), 'export default {}')
    writeFileSync(join(root, 'conformance/tests/a.spec.ts'), "test('a', () => {})")
    const before = listingDigest(root)
    writeFileSync(join(root, 'conformance/tests/notes.txt'), 'not a source')
    assert.equal(listingDigest(root), before, 'a file Playwright never loads leaves it')
    writeFileSync(join(root, 'conformance/tests/a.spec.ts'), "test('b', () => {})")
    assert.notEqual(listingDigest(root), before, 'a changed spec lists afresh')
  })

  test('an unchanged suite is read back without listing it again', () => {
    const cache = join(scratch, 'cache')
    mkdirSync(cache)
    const kept = { suites: [{ title: 'kept', file: 'kept.spec.ts', specs: [], suites: [] }] }
    writeFileSync(join(cache, `${listingDigest()}.json`), JSON.stringify(kept))
    assert.deepEqual(listTests(cache), kept)
  })
})

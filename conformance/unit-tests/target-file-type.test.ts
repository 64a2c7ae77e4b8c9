import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { GENERATED_TYPE_PATH, targetFileTypeSource } from '../tools/target-file-type.ts'

test('the checked-in target file type is what target-file.schema.json generates', async () => {
  assert.equal(
    readFileSync(GENERATED_TYPE_PATH, 'utf8'),
    await targetFileTypeSource(),
    'conformance/harness/target/target-file.generated.ts is stale: run npm run target:type',
  )
})

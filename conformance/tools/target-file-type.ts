import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { compile } from 'json-schema-to-typescript'
import { targetFileSchema } from '../harness/target/target-file.ts'

/**
 * The target file's type is generated from its JSON Schema, the one source (see
 * conformance/harness/target/README.md): `npm run target:type` writes it, and a unit test fails when the checked-in
 * file differs from what this generates.
 *
 *   tsx conformance/tools/target-file-type.ts
 */
export const GENERATED_TYPE_PATH = new URL('../harness/target/target-file.generated.ts', import.meta.url)

const BANNER = `/**
 * Generated from target-file.schema.json by \`npm run target:type\` (conformance/tools/target-file-type.ts): do not
 * edit. Change the schema and regenerate; target-file.ts narrows what the loader checks beyond the schema.
 */`

/** The TypeScript the schema gives, formatted as the project's formatter wants it. */
export async function targetFileTypeSource(): Promise<string> {
  // Without its title and $id the root type takes the name given here, not one spelled from the URL.
  const { title: _title, $id: _id, ...schema } = targetFileSchema
  return compile(schema as Parameters<typeof compile>[0], 'SchemaTargetFile', {
    bannerComment: BANNER,
    additionalProperties: false,
    style: { singleQuote: true, semi: false, printWidth: 110 },
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(GENERATED_TYPE_PATH, await targetFileTypeSource())
  console.log(`wrote ${fileURLToPath(GENERATED_TYPE_PATH)}`)
}

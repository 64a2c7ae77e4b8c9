import { relative, resolve } from 'node:path'
import { loadTargetFile } from '../conformance/harness/target/load-target.ts'
import { PRIVATE_KEY_VARIABLE } from '../conformance/load/artillery/worker-session.ts'
import { scriptFile, writeArtilleryBundle } from './artillery-bundle.ts'
import { ensureArtillery } from './artillery-install.ts'
import type { BenchOptions } from './bench-options.ts'

/**
 * `bench --emit DIR`: the Artillery bundle for the target, written and not run, for `artillery run-fargate`
 * (or run-lambda, run-aci) from the user's own cloud account; docs/load.md walks through it.
 */
export function emitBench(options: BenchOptions & { emit: string; target: string }): number {
  const target = loadTargetFile(resolve(options.target))
  const dir = resolve(options.emit)
  const files = writeArtilleryBundle({
    dir,
    target,
    operations: options.operations,
    concurrency: options.concurrency,
    durationS: options.durationS,
    tools: ensureArtillery(),
  })
  const shown = relative(process.cwd(), dir) || '.'
  console.log(`Artillery bundle for ${target.name ?? options.target} in ${shown}:`)
  for (const file of files) console.log(`  ${file}`)
  const key =
    'serveLocally' in target.client
      ? `  # the client is served locally (serveLocally): only a server on the machine that runs Artillery can fetch its key`
      : `  export ${PRIVATE_KEY_VARIABLE}="$(cat client-private-key.pem)"   # never put in the bundle`
  // On Fargate the key comes from SSM (/artilleryio/NAME) through --secret, as docs/load.md shows.
  const secret = 'serveLocally' in target.client ? '' : ` --secret ${PRIVATE_KEY_VARIABLE}`
  console.log(
    [
      '',
      'Then (docs/load.md):',
      `  cd ${shown} && npm install`,
      key,
      `  npx artillery run ${scriptFile(options.operations[0]!)}                     # on this machine`,
      `  npx artillery run-fargate --region eu-west-1 --count 4${secret} ${scriptFile(options.operations[0]!)}`,
    ].join('\n'),
  )
  return 0
}

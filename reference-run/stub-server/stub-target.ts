import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { TargetFile } from '../../conformance/harness/target/target-file.ts'

/**
 * The stub's target file, written into `dir`: its wallet addresses at `url`, the suite's own client wallet (the
 * stub checks no signature, so any key does), consent over HTTP (the stub serves no consent page: consent fails as
 * it would against a server without one).
 */
export function writeStubTarget(url: string, dir: string): string {
  const target: TargetFile = {
    name: 'OpenAPI-example stub (answers every operation with its official example, keeps nothing)',
    walletAddresses: { sender: `${url}/alice`, receiver: `${url}/bob` },
    client: { serveLocally: true },
    consent: { driver: 'http' },
  }
  mkdirSync(dir, { recursive: true })
  const file = join(dir, 'stub-target.json')
  writeFileSync(file, `${JSON.stringify(target, null, 2)}\n`)
  return file
}

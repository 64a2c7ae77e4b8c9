import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { TargetFile } from '../../harness/target/target-file.ts'
import { type BenchSession, openBenchSession } from '../bench-session.ts'

/** The bundle's target file, beside the processor: the CLI's, validated, without the client's private key. */
export const BUNDLE_TARGET_FILE = 'target.json'

/** Where the registered client's private key (PEM) comes from: never the bundle, which may be shipped. */
export const PRIVATE_KEY_VARIABLE = 'OP_CONFORMANCE_PRIVATE_KEY'

/** The suite's session in an Artillery worker: the target file beside the bundle, the key from the environment. */
export async function openWorkerSession(): Promise<BenchSession> {
  return openBenchSession(bundleTarget(new URL(BUNDLE_TARGET_FILE, import.meta.url), process.env))
}

export function bundleTarget(file: URL, env: NodeJS.ProcessEnv): TargetFile {
  const read = JSON.parse(readFileSync(file, 'utf8')) as TargetFile
  // The bundle's CA file sits beside the target file, wherever the bundle was copied to.
  const target = read.tls
    ? { ...read, tls: { ...read.tls, caFile: fileURLToPath(new URL(read.tls.caFile, file)) } }
    : read
  if ('serveLocally' in target.client) return target
  const privateKey = env[PRIVATE_KEY_VARIABLE]
  if (!privateKey)
    throw new Error(
      `${PRIVATE_KEY_VARIABLE} is not set: it holds the PEM private key of ${target.client.walletAddress} ` +
        `(key id ${target.client.keyId}), which the bundle does not carry (docs/load.md)`,
    )
  return {
    ...target,
    client: { walletAddress: target.client.walletAddress, keyId: target.client.keyId, privateKey },
  }
}

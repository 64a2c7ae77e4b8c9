import { readFileSync } from 'node:fs'
import type { RegisteredClient as SchemaRegisteredClient, SchemaTargetFile } from './target-file.generated.ts'

/**
 * A target file describes the server under test; see conformance/harness/target/README.md. Its type is generated
 * from target-file.schema.json (target-file.generated.ts, `npm run target:type`); it is narrowed here only where
 * the loader (load-target.ts) checks more than the schema says: a client is either served locally or registered,
 * and a registered client has its wallet address and key id.
 */
export type TargetFile = Omit<SchemaTargetFile, 'client' | 'secondClient'> & {
  client: LocalClient | RegisteredClient
  /** Another registered client, for the checks between two clients (isolation, a token bound to its key). */
  secondClient?: RegisteredClient
}

/** The suite generates a key and serves the client's wallet address and JWKS itself, on this machine. */
export type LocalClient = Pick<SchemaTargetFile['client'], 'host'> & { serveLocally: true }

/** A client wallet address the ASE registered, with its private key (exactly one of privateKey, privateKeyFile). */
export type RegisteredClient = SchemaRegisteredClient &
  Required<Pick<SchemaRegisteredClient, 'walletAddress' | 'keyId'>>

/** Every URL under `identity` is sent to the same path under `transport`, with `headers` added. */
export type Route = NonNullable<SchemaTargetFile['routes']>[number]

/** The JSON Schema documented in conformance/harness/target/README.md is the one the loader validates with. */
export const TARGET_FILE_SCHEMA_PATH = new URL('./target-file.schema.json', import.meta.url)

export const targetFileSchema: Record<string, unknown> = JSON.parse(
  readFileSync(TARGET_FILE_SCHEMA_PATH, 'utf8'),
)

import { readFileSync } from 'node:fs'

/** A target file describes the server under test; see conformance/harness/target/README.md. */
export interface TargetFile {
  name: string
  walletAddresses: {
    /** Funded wallet address payments are sent from. */
    sender: string
    /** Wallet address in the sender's asset that receives payments. */
    receiver: string
    /** Optional wallet address in another asset, for cross-currency quotes. */
    otherAsset?: string
  }
  client: LocalClient | RegisteredClient
  /** Another registered client, for the checks between two clients (isolation, a token bound to its key). */
  secondClient?: RegisteredClient
  consent?: {
    driver: 'browser' | 'http'
    /** Module that accepts or rejects on the target's consent page (browser driver). */
    script?: string
  }
  capabilities?: {
    /** False when tokens live too long for the suite to wait for their expiry. */
    tokenExpiryWaitable?: boolean
    /**
     * True when the target fails a payment its sender cannot cover rather than hold it until it is funded: only
     * then can the suite tell an unmarked failure from a payment still waiting.
     */
    unfundedPaymentsFail?: boolean
  }
  /** What the target's ledger lets the suite move; see conformance/harness/target/README.md. */
  amounts?: {
    /** The smallest value (sender's smallest units, uint64 decimal string) the suite sends in one payment. */
    minimum?: string
  }
  waits?: {
    /** The longest the suite waits for a token or a quote to expire. */
    expirySeconds?: number
    /** The longest a payment may take to settle (default 30 s); slower is skipped, naming this field. */
    settlementSeconds?: number
  }
  /** The ASE's rules for incoming payments. */
  incomingPayments?: {
    /** The shortest lifetime (expiresAt minus now) the target accepts; the expiry checks wait at least this. */
    minimumLifetimeSeconds?: number
  }
  /** The ASE's rules for grants. */
  grants?: {
    /** The shortest `interval` duration the target grants; the interval checks ask for at least this. */
    minimumIntervalSeconds?: number
  }
  /** Identities the suite reaches at another address (a server behind a proxy the suite does not go through). */
  routes?: Route[]
  tls?: {
    /** PEM file of the certificate authorities (or self-signed certificates) the target's TLS uses. */
    caFile: string
  }
}

/** The suite generates a key and serves the client's wallet address and JWKS itself, on this machine. */
export interface LocalClient {
  serveLocally: true
  /** Interface the local wallet address server listens on (default 127.0.0.1). */
  host?: string
}

/** A client wallet address the ASE registered, with its private key. */
export interface RegisteredClient {
  walletAddress: string
  keyId: string
  /** PEM or base64 PEM, inline. Exactly one of privateKey and privateKeyFile. */
  privateKey?: string
  /** Path to a PEM file, relative to the target file. */
  privateKeyFile?: string
}

/** Every URL under `identity` is sent to the same path under `transport`, with `headers` added. */
export interface Route {
  identity: string
  transport: string
  headers?: Record<string, string>
  /** Which URL the signature covers as `@target-uri` (default: the identity, as a server behind a proxy sees it). */
  signedTargetUri?: 'identity' | 'transport'
}

/** The JSON Schema documented in conformance/harness/target/README.md is the one the loader validates with. */
export const TARGET_FILE_SCHEMA_PATH = new URL('./target-file.schema.json', import.meta.url)

export const targetFileSchema: Record<string, unknown> = JSON.parse(
  readFileSync(TARGET_FILE_SCHEMA_PATH, 'utf8'),
)

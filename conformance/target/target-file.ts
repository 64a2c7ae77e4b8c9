/** A target file describes the server under test; see conformance/targets/README.md. */
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
  consent?: {
    driver: 'browser' | 'http'
    /** Module that accepts or rejects on the target's consent page (browser driver). */
    script?: string
  }
  capabilities?: {
    /** False when tokens live too long for the suite to wait for their expiry. */
    tokenExpiryWaitable?: boolean
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

const httpUrl = { type: 'string', format: 'http-url' } as const

export const targetFileSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'walletAddresses', 'client'],
  properties: {
    $schema: { type: 'string' },
    name: { type: 'string', minLength: 1 },
    walletAddresses: {
      type: 'object',
      additionalProperties: false,
      required: ['sender', 'receiver'],
      properties: { sender: httpUrl, receiver: httpUrl, otherAsset: httpUrl },
    },
    client: {
      type: 'object',
      properties: {
        serveLocally: { const: true },
        host: { type: 'string', minLength: 1 },
        walletAddress: httpUrl,
        keyId: { type: 'string', minLength: 1 },
        privateKey: { type: 'string', minLength: 1 },
        privateKeyFile: { type: 'string', minLength: 1 },
      },
      additionalProperties: false,
    },
    consent: {
      type: 'object',
      additionalProperties: false,
      required: ['driver'],
      properties: { driver: { enum: ['browser', 'http'] }, script: { type: 'string', minLength: 1 } },
    },
    capabilities: {
      type: 'object',
      additionalProperties: false,
      properties: { tokenExpiryWaitable: { type: 'boolean' } },
    },
  },
} as const

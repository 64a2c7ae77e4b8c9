import {
  type ClientKey,
  exportPrivateKeyPem,
  generateClientKey,
  loadClientKey,
} from '../../../clients/src/index.ts'

export type { ClientKey }

/** A new Ed25519 client key with the PKCS#8 PEM to store it in (what `init` writes next to the target file). */
export function newClientKey(keyId: string): { key: ClientKey; pem: string } {
  const key = generateClientKey(keyId)
  return { key, pem: exportPrivateKeyPem(key) }
}

/** A client key from a PEM (or base64 of it), as a target file's privateKey or privateKeyFile holds it. */
export function readClientKey(keyId: string, pem: string): ClientKey {
  return loadClientKey({ keyId, privateKey: pem })
}

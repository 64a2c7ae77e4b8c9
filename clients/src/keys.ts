import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomUUID,
} from 'node:crypto'

/** Public Ed25519 key as published in a wallet address's `jwks.json`. */
export interface Jwk {
  kid: string
  alg: 'EdDSA'
  kty: 'OKP'
  crv: 'Ed25519'
  x: string
}

export interface ClientKey {
  keyId: string
  privateKey: KeyObject
  publicJwk: Jwk
}

export function generateClientKey(keyId: string = randomUUID()): ClientKey {
  return toClientKey(keyId, generateKeyPairSync('ed25519').privateKey)
}

/**
 * Accepts the shapes keys are usually handed around in: a PKCS#8 PEM, the base64 of that PEM (what
 * Rafiki and the Open Payments SDK examples put in environment variables), or base64 of the raw DER.
 */
export function loadClientKey(opts: { keyId: string; privateKey: string }): ClientKey {
  if (!opts.keyId.trim()) throw new Error('loadClientKey: keyId must not be empty')
  return toClientKey(opts.keyId, parsePrivateKey(opts.privateKey.trim()))
}

export function exportPrivateKeyPem(key: ClientKey): string {
  return key.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()
}

function parsePrivateKey(input: string): KeyObject {
  if (input.startsWith('-----BEGIN')) return parsePem(input, 'PEM')
  if (!/^[A-Za-z0-9+/=\s]+$/.test(input)) {
    throw new Error('loadClientKey: privateKey is neither a PEM nor base64 (of a PEM or of PKCS#8 DER)')
  }
  const decoded = Buffer.from(input, 'base64')
  const text = decoded.toString('utf8').trim()
  if (text.startsWith('-----BEGIN')) return parsePem(text, 'base64-encoded PEM')
  try {
    return createPrivateKey({ key: decoded, format: 'der', type: 'pkcs8' })
  } catch (cause) {
    throw new Error(
      'loadClientKey: privateKey is base64 but decodes to neither a PEM nor a PKCS#8 DER private key',
      { cause },
    )
  }
}

function parsePem(pem: string, form: string): KeyObject {
  // Keys pasted into .env files often carry literal "\n" sequences instead of line breaks.
  const normalized = pem.replace(/\\n/g, '\n')
  try {
    return createPrivateKey(normalized)
  } catch (cause) {
    throw new Error(`loadClientKey: privateKey is a ${form} but not a readable PKCS#8 private key`, { cause })
  }
}

function toClientKey(keyId: string, privateKey: KeyObject): ClientKey {
  if (privateKey.asymmetricKeyType !== 'ed25519') {
    throw new Error(`Client keys must be Ed25519, got ${privateKey.asymmetricKeyType ?? 'unknown'} key`)
  }
  const { x } = createPublicKey(privateKey).export({ format: 'jwk' })
  if (!x) throw new Error('Could not derive the Ed25519 public key')
  return { keyId, privateKey, publicJwk: { kid: keyId, alg: 'EdDSA', kty: 'OKP', crv: 'Ed25519', x } }
}

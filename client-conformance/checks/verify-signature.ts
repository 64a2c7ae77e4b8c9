import { createPublicKey, type KeyObject, verify } from 'node:crypto'
import { httpbis } from 'http-message-signatures'
import { parseDictionary, serializeItem, serializeList } from 'structured-headers'
import type { RecordedExchange } from '../recording-proxy.ts'

const publicKeys = new Map<string, KeyObject>()

/** The public half of the client's key: what the client's wallet address publishes in its JWKS. */
export function publishedKey(privateKeyPem: string): KeyObject {
  let key = publicKeys.get(privateKeyPem)
  if (!key) {
    key = createPublicKey(privateKeyPem)
    publicKeys.set(privateKeyPem, key)
  }
  return key
}

/**
 * Why the request's signatures do not verify with the client's published key (RFC 9421: the signature base
 * rebuilt by http-message-signatures from the request as the ASE received it, Ed25519 over it), or undefined
 * when every signature of Signature-Input verifies.
 */
export function signatureVerificationProblem(exchange: RecordedExchange, key: KeyObject): string | undefined {
  const { method, url, headers } = exchange.request
  let inputs: ReturnType<typeof parseDictionary>
  let signatures: ReturnType<typeof parseDictionary>
  try {
    inputs = parseDictionary(headers['signature-input'] ?? '')
    signatures = parseDictionary(headers.signature ?? '')
  } catch (error) {
    return `Signature or Signature-Input is not a structured-field dictionary (${(error as Error).message})`
  }
  if (inputs.size === 0) return 'Signature-Input names no signature'
  for (const [label, input] of inputs) {
    const [components] = input
    const signature = signatures.get(label)?.[0]
    if (!Array.isArray(components)) return `Signature-Input ${label} is not an inner list of components`
    if (!(signature instanceof ArrayBuffer)) return `Signature has no byte sequence for the label ${label}`
    let data: Buffer
    try {
      const base = httpbis.createSignatureBase(
        { fields: components.map((item) => serializeItem(item)) },
        { method, url, headers },
      )
      base.push(['"@signature-params"', [serializeList([input as [typeof components, (typeof input)[1]]])]])
      data = Buffer.from(httpbis.formatSignatureBase(base))
    } catch (error) {
      return `no signature base can be built for ${label}: ${(error as Error).message}`
    }
    if (!verify(null, data, key, Buffer.from(signature)))
      return `the signature ${label} does not verify with the client's published key (RFC 9421)`
  }
  return undefined
}

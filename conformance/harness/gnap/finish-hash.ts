import { createHash, timingSafeEqual } from 'node:crypto'

export interface FinishHashInput {
  /** The nonce the client sent in `interact.finish.nonce`. */
  clientNonce: string
  /** The nonce the server returned in `interact.finish`. */
  serverNonce: string
  interactRef: string
  /**
   * The grant endpoint URL the client posted to. Several spellings may be given (the wallet address
   * document's value verbatim and its normalized form): a server may hash either, and both are the same URL.
   */
  grantEndpoints: readonly string[]
  /** The `hash` query parameter of the finish redirect. */
  hash: string
}

export type HashEncoding = 'base64url' | 'base64'

export type FinishHashVerdict =
  | { kind: 'match'; encoding: HashEncoding; grantEndpoint: string }
  | { kind: 'mismatch'; encoding: HashEncoding; expected: string }
  | { kind: 'malformed' }

/** SHA-256 over the four values joined by newlines (RFC 9635 section 4.2.3). */
export function finishHashBytes(
  clientNonce: string,
  serverNonce: string,
  interactRef: string,
  grantEndpoint: string,
): Buffer {
  return createHash('sha256')
    .update(`${clientNonce}\n${serverNonce}\n${interactRef}\n${grantEndpoint}`)
    .digest()
}

/**
 * RFC 9635 asks for base64url without padding; Rafiki sends standard base64 with padding. Both are
 * accepted, and the decoded bytes are compared, so neither encoding detail can hide a wrong hash.
 */
export function decodeFinishHash(hash: string): { bytes: Buffer; encoding: HashEncoding } | undefined {
  if (/^[A-Za-z0-9_-]+$/.test(hash) && hash.length % 4 !== 1) {
    return { bytes: Buffer.from(hash, 'base64url'), encoding: 'base64url' }
  }
  if (/^[A-Za-z0-9+/]*={0,2}$/.test(hash) && hash.length % 4 === 0 && hash.length > 0) {
    return { bytes: Buffer.from(hash, 'base64'), encoding: 'base64' }
  }
  return undefined
}

export function verifyFinishHash(input: FinishHashInput): FinishHashVerdict {
  const decoded = decodeFinishHash(input.hash)
  if (!decoded) return { kind: 'malformed' }
  for (const grantEndpoint of new Set(input.grantEndpoints)) {
    const expected = finishHashBytes(input.clientNonce, input.serverNonce, input.interactRef, grantEndpoint)
    if (expected.byteLength === decoded.bytes.byteLength && timingSafeEqual(expected, decoded.bytes)) {
      return { kind: 'match', encoding: decoded.encoding, grantEndpoint }
    }
  }
  const first = input.grantEndpoints[0] ?? ''
  const expected = finishHashBytes(input.clientNonce, input.serverNonce, input.interactRef, first)
  return { kind: 'mismatch', encoding: decoded.encoding, expected: expected.toString('base64url') }
}

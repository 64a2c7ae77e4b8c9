import { createHash } from 'node:crypto'

export type DigestAlgorithm = 'sha-512' | 'sha-256'

/** RFC 9530 `Content-Digest` field value over exactly these bytes. */
export function contentDigest(bytes: Uint8Array, algorithm: DigestAlgorithm = 'sha-512'): string {
  const hash = createHash(algorithm === 'sha-512' ? 'sha512' : 'sha256')
    .update(bytes)
    .digest('base64')
  return `${algorithm}=:${hash}:`
}

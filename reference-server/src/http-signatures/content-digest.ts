import { createHash, timingSafeEqual } from 'node:crypto'
import { parseDictionary } from 'structured-headers'

const ALGORITHMS: Readonly<Record<string, string>> = { 'sha-512': 'sha512', 'sha-256': 'sha256' }

/**
 * Checks an RFC 9530 Content-Digest field against the exact body bytes. Unknown algorithms are ignored, as
 * the RFC allows, but at least one known digest must be present and every known one must match.
 * Returns why the field fails, or undefined when it holds.
 */
export function contentDigestProblem(field: string, body: Uint8Array): string | undefined {
  let digests: ReturnType<typeof parseDictionary>
  try {
    digests = parseDictionary(field)
  } catch {
    return 'Content-Digest is not a valid structured field dictionary'
  }
  let checked = 0
  for (const [name, [value]] of digests) {
    const algorithm = ALGORITHMS[name]
    if (algorithm === undefined) continue
    if (!(value instanceof ArrayBuffer)) return `the ${name} digest is not a byte sequence (:base64:)`
    const expected = createHash(algorithm).update(body).digest()
    const given = Buffer.from(value)
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return `the ${name} digest does not match the body bytes`
    }
    checked++
  }
  return checked === 0 ? 'Content-Digest has no sha-512 or sha-256 digest' : undefined
}

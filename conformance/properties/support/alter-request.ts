import type { OutgoingRequest } from '../../../clients/src/index.ts'
import { REFUSED_TOKEN_STATUSES } from '../../checks/authentication-checks.ts'
import type { RuleId } from '../../harness/rules/registry.ts'
import type { Alteration } from '../arbitraries/alteration-arbitraries.ts'

/** The altered request, and what a correct server may answer: 401 where the signature alone can tell. */
export interface AlteredRequest {
  request: OutgoingRequest
  what: string
  rule: RuleId
  statuses: number[]
  /**
   * False where the change may reach no endpoint of the spec (another method or path): the error envelope is
   * defined for its endpoints only, so there the status alone says "not done".
   */
  envelope: boolean
}

const SIGNATURE_REFUSED = [401]
/**
 * Another method or path may reach no route, or another route, before any signature check: a client error of
 * any of these says "not done", and the walk shows nothing happened.
 */
const ROUTE_REFUSED = [400, 401, 403, 404, 405]

function replaceAt(
  text: string,
  from: number,
  to: number,
  position: number,
  replacement: string,
): string | undefined {
  if (to <= from) return undefined
  const at = from + (position % (to - from))
  if (text[at] === replacement) replacement = replacement === 'a' ? 'b' : 'a'
  return `${text.slice(0, at)}${replacement}${text.slice(at + 1)}`
}

/**
 * Applies one alteration to a signed request. One that does not apply (no body, no marker) flips a bit of the
 * signature instead, so every input alters something.
 */
export function alterRequest(
  request: OutgoingRequest,
  alteration: Alteration,
  marker: string,
): AlteredRequest {
  const headers = { ...request.headers }
  const signature = (what: string): AlteredRequest => ({
    request: { ...request, headers },
    what,
    rule: 'SIG-VERIFY',
    statuses: SIGNATURE_REFUSED,
    envelope: true,
  })
  switch (alteration.kind) {
    case 'body-byte': {
      const text = request.body ? new TextDecoder().decode(request.body) : ''
      const start = text.indexOf(marker)
      const changed =
        start < 0
          ? undefined
          : replaceAt(text, start, start + marker.length, alteration.position, alteration.replacement)
      if (changed === undefined) break
      return {
        ...signature('one byte of the body changed'),
        request: { ...request, headers, body: new TextEncoder().encode(changed) },
        rule: 'SIG-DIGEST',
      }
    }
    case 'authorization': {
      const value = headers.authorization ?? ''
      const changed = replaceAt(
        value,
        'GNAP '.length,
        value.length,
        alteration.position,
        alteration.replacement,
      )
      if (changed === undefined) break
      headers.authorization = changed
      // The changed header is also an unknown token, which a server may refuse first: 401 or 403
      // (docs/spec-decisions.md), as for any token it does not know.
      return {
        ...signature('one character of the covered authorization header changed'),
        statuses: [...REFUSED_TOKEN_STATUSES],
      }
    }
    case 'method':
      return {
        request: { ...request, method: alteration.method },
        what: `the method changed to ${alteration.method}`,
        rule: 'SIG-VERIFY',
        statuses: ROUTE_REFUSED,
        envelope: false,
      }
    case 'path': {
      const url = new URL(request.url)
      url.pathname += alteration.suffix
      return {
        request: { ...request, url: url.href },
        what: `the path extended by ${alteration.suffix}`,
        rule: 'SIG-VERIFY',
        statuses: ROUTE_REFUSED,
        envelope: false,
      }
    }
    case 'query': {
      const url = new URL(request.url)
      url.searchParams.append(alteration.name, alteration.value)
      return {
        ...signature(`a query parameter ${alteration.name} added`),
        request: { ...request, headers, url: url.href },
      }
    }
    case 'created': {
      const input = headers['signature-input'] ?? ''
      headers['signature-input'] = input.replace(
        /;created=(\d+)/,
        (_, created: string) => `;created=${Number(created) + alteration.shiftSeconds}`,
      )
      return signature(`the signed created parameter moved by ${alteration.shiftSeconds} s`)
    }
    case 'keyid': {
      const input = headers['signature-input'] ?? ''
      const current = /;keyid="([^"]*)"/.exec(input)?.[1]
      if (current === undefined || current === alteration.keyid) break
      headers['signature-input'] = input.replace(/;keyid="[^"]*"/, `;keyid="${alteration.keyid}"`)
      return signature(`the keyid changed to ${alteration.keyid}`)
    }
    case 'signature-bit':
      break
  }
  const bit = alteration.kind === 'signature-bit' ? alteration.bit : 0
  headers.signature = flipBit(headers.signature ?? '', bit)
  return signature(`bit ${bit % 512} of the signature flipped`)
}

/** `label=:base64:` with one bit inverted (Ed25519 signatures are 64 bytes). */
function flipBit(signature: string, bit: number): string {
  const match = /^([^=]+)=:([^:]*):(.*)$/.exec(signature)
  if (!match) throw new Error(`not a signature dictionary member: ${signature}`)
  const bytes = Buffer.from(match[2] ?? '', 'base64')
  const index = Math.floor((bit % (bytes.length * 8)) / 8)
  bytes[index] = (bytes[index] ?? 0) ^ (0x80 >> (bit % 8))
  return `${match[1]}=:${bytes.toString('base64')}:${match[3]}`
}

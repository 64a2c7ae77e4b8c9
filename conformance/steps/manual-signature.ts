import { sign } from 'node:crypto'
import type { ClientKey, OutgoingRequest } from '../../clients/src/index.ts'

export interface ManualSignOptions {
  key: ClientKey
  /** Component identifiers exactly as they go on the wire, including ones a signing library refuses. */
  components: string[]
  created: number
  label?: string
  /** Leaves `keyid` out of the signature parameters. */
  omitKeyId?: boolean
}

/**
 * RFC 9421 signing written out by hand, for the signature matrix rows no correct library produces (an
 * unknown derived component such as "@METHOD", a signature without keyid). Values are derived the way a
 * lenient verifier would derive them, so only the rule under test can make a verifier refuse.
 */
export function signManually(request: OutgoingRequest, options: ManualSignOptions): OutgoingRequest {
  const label = options.label ?? 'sig1'
  const keyId = options.omitKeyId ? '' : `;keyid="${options.key.keyId}"`
  const params = `(${options.components.map((c) => `"${c}"`).join(' ')})${keyId};created=${options.created}`
  const base = [
    ...options.components.map((component) => `"${component}": ${componentValue(request, component)}`),
    `"@signature-params": ${params}`,
  ].join('\n')
  const signature = sign(null, Buffer.from(base), options.key.privateKey).toString('base64')
  return {
    ...request,
    headers: {
      ...request.headers,
      'signature-input': `${label}=${params}`,
      signature: `${label}=:${signature}:`,
    },
  }
}

function componentValue(request: OutgoingRequest, component: string): string {
  const name = component.toLowerCase()
  if (name === '@method') return request.method.toUpperCase()
  if (name === '@target-uri') return request.url
  const value = request.headers[name]
  if (value === undefined) throw new Error(`signManually: the request has no ${name} header to cover`)
  return value.trim()
}

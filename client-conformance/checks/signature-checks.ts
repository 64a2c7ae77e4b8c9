import { contentDigest } from '../../clients/src/index.ts'
import {
  isContinuation,
  isGrantRequest,
  isResourceRequest,
  isRotation,
  pathOf,
  signatureInputs,
  tokenOf,
} from '../recorded-traffic.ts'
import type { RecordedExchange } from '../recording-proxy.ts'
import { type Check, overExchanges, type ScenarioRun } from './check.ts'
import { publishedKey, signatureVerificationProblem } from './verify-signature.ts'

const REQUIRED = ['@method', '@target-uri', 'authorization']

const isSigned = (exchange: RecordedExchange) =>
  exchange.request.headers['signature-input'] !== undefined ||
  exchange.request.headers.signature !== undefined

/** Grant, continuation and rotation requests: the authorization server takes them only signed (GNAP httpsig). */
const isGrantApiRequest = (exchange: RecordedExchange) =>
  isGrantRequest(exchange) || isContinuation(exchange) || isRotation(exchange)

/** get-incoming-payment is the one operation whose signature headers the spec does not mark required. */
const isIncomingPaymentRead = (exchange: RecordedExchange) =>
  exchange.request.method === 'GET' && /^\/incoming-payments\/[^/]+$/.test(pathOf(exchange))

/** A resource request with a token must be signed over these (get-incoming-payment excepted). */
const mustCoverToken = (exchange: RecordedExchange) =>
  isResourceRequest(exchange) && tokenOf(exchange) !== undefined && !isIncomingPaymentRead(exchange)

/**
 * Every signature verifies with the client's published key (RFC 9421), on every signed request, grant requests
 * included; grant-API requests are signed; resource requests with a token are signed over @method, @target-uri
 * and authorization (Authentication 2, 4).
 */
export const signedResourceRequests: Check = (run) => {
  const key = publishedKey(run.ase.client.privateKeyPem)
  return [
    overExchanges(
      'CL-SIGNED',
      run,
      (exchange) => isSigned(exchange) || mustCoverToken(exchange) || isGrantApiRequest(exchange),
      (exchange) => {
        const { headers } = exchange.request
        if (!headers.signature || !headers['signature-input'])
          return 'no Signature and Signature-Input headers'
        const inputs = signatureInputs(exchange)
        if (inputs.length === 0)
          return `Signature-Input is not a signature dictionary: ${headers['signature-input']}`
        const needed = mustCoverToken(exchange) ? REQUIRED : REQUIRED.slice(0, 2)
        const missing = needed.filter((c) => !inputs.some((input) => input.components.includes(c)))
        if (missing.length > 0) return `the signature does not cover ${missing.join(', ')}`
        return signatureVerificationProblem(exchange, key)
      },
    ),
  ]
}

/**
 * Signed requests with a body cover content-digest, and the digest is over the bytes sent (Authentication 5).
 * Grant requests too: the ASE refuses a grant request whose digest does not match, as any other.
 */
export const contentDigests: Check = (run) => [
  overExchanges(
    'CL-CONTENT-DIGEST',
    run,
    (exchange) =>
      (isResourceRequest(exchange) || isGrantApiRequest(exchange)) &&
      isSigned(exchange) &&
      (exchange.request.body?.byteLength ?? 0) > 0,
    (exchange) => {
      const covered = signatureInputs(exchange).some((input) => input.components.includes('content-digest'))
      if (!covered) return 'the signature does not cover content-digest'
      return digestProblem(exchange)
    },
  ),
]

/** keyid = the kid of the client's JWK (Authentication 6). */
export const keyIds: Check = (run: ScenarioRun) => [
  overExchanges('CL-KEYID', run, isSigned, (exchange) => {
    const wrong = signatureInputs(exchange).filter((input) => input.keyid !== run.ase.client.keyId)
    return wrong.length > 0
      ? `keyid ${wrong.map((input) => JSON.stringify(input.keyid ?? null)).join(', ')} is not the JWK's kid ${JSON.stringify(run.ase.client.keyId)}`
      : undefined
  }),
]

function digestProblem(exchange: RecordedExchange): string | undefined {
  const field = exchange.request.headers['content-digest']
  if (!field) return 'no Content-Digest header'
  const body = exchange.request.body!
  const algorithm = /^\s*(sha-512|sha-256)=/.exec(field)?.[1] as 'sha-512' | 'sha-256' | undefined
  if (!algorithm) return `Content-Digest uses no algorithm the suite knows (sha-512, sha-256): ${field}`
  const expected = contentDigest(body, algorithm)
  return field.split(',').some((member) => member.trim() === expected)
    ? undefined
    : `Content-Digest ${field} is not the digest of the ${body.byteLength} bytes sent (${expected})`
}

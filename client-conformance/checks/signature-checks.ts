import { contentDigest } from '../../clients/src/index.ts'
import { isResourceRequest, pathOf, signatureInputs, tokenOf } from '../recorded-traffic.ts'
import type { RecordedExchange } from '../recording-proxy.ts'
import { type Check, overExchanges, type ScenarioRun } from './check.ts'

const REQUIRED = ['@method', '@target-uri', 'authorization']

const isSigned = (exchange: RecordedExchange) => exchange.request.headers['signature-input'] !== undefined

/** get-incoming-payment is the one operation whose signature headers the spec does not mark required. */
const isIncomingPaymentRead = (exchange: RecordedExchange) =>
  exchange.request.method === 'GET' && /^\/incoming-payments\/[^/]+$/.test(pathOf(exchange))

/** Resource requests with a token are signed over @method, @target-uri and authorization (Authentication 2, 4). */
export const signedResourceRequests: Check = (run) => [
  overExchanges(
    'CL-SIGNED',
    run,
    (exchange) =>
      isResourceRequest(exchange) && tokenOf(exchange) !== undefined && !isIncomingPaymentRead(exchange),
    (exchange) => {
      const { headers } = exchange.request
      if (!headers.signature || !headers['signature-input']) return 'no Signature and Signature-Input headers'
      const inputs = signatureInputs(exchange)
      if (inputs.length === 0)
        return `Signature-Input is not a signature dictionary: ${headers['signature-input']}`
      const missing = REQUIRED.filter((c) => !inputs.some((input) => input.components.includes(c)))
      return missing.length > 0 ? `the signature does not cover ${missing.join(', ')}` : undefined
    },
  ),
]

/**
 * Signed resource requests with a body cover content-digest, and the digest is over the bytes sent
 * (Authentication 5). Grant requests are left out: the spec does not show how they are made.
 */
export const contentDigests: Check = (run) => [
  overExchanges(
    'CL-CONTENT-DIGEST',
    run,
    (exchange) =>
      isResourceRequest(exchange) && isSigned(exchange) && (exchange.request.body?.byteLength ?? 0) > 0,
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

import { createPublicKey, type KeyObject, verify } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import type { JWK } from '@interledger/open-payments'
import { httpbis } from 'http-message-signatures'
import { serializeItem, serializeList } from 'structured-headers'
import type { SignatureCheck, SignatureChecks } from './checks.ts'
import { contentDigestProblem } from './content-digest.ts'
import {
  parseSignatureFields,
  repeatedKeys,
  type SelectedSignature,
  selectSignature,
} from './signature-fields.ts'

/** A request as the verifier sees it; `targetUri` is rebuilt from the server's public URL, never from Host. */
export interface SignedRequest {
  method: string
  targetUri: string
  headers: IncomingHttpHeaders
  body: Uint8Array | undefined
}

export type ClientKeys = { ok: true; keys: JWK[] } | { ok: false; reason: string }

/** Loads the client's keys; the keyid lets a cache refetch when it does not know the key yet. */
export type ClientKeyLoader = (keyid: string) => Promise<ClientKeys>

export type VerificationResult = { ok: true } | { ok: false; check: SignatureCheck; reason: string }

const CREATED_TOLERANCE_SECONDS = 300

const DERIVED_COMPONENTS = new Set([
  '@method',
  '@target-uri',
  '@authority',
  '@scheme',
  '@request-target',
  '@path',
  '@query',
  '@query-param',
])
const HEADER_NAME = /^[a-z0-9!#$%&'*+.^_`|~-]+$/

export interface VerifyOptions {
  checks: SignatureChecks
  loadKeys: ClientKeyLoader
  now?: Date
}

/**
 * Verifies the RFC 9421 signature of a request against the client's keys, one switchable check at a time
 * (see checks.ts). RFC 9421 itself (signature base, Ed25519) is left to http-message-signatures; this adds
 * what Open Payments requires on top: which components must be covered, the digest, freshness.
 */
export async function verifySignature(
  request: SignedRequest,
  options: VerifyOptions,
): Promise<VerificationResult> {
  const { checks } = options
  const fail = (check: SignatureCheck, reason: string): VerificationResult | undefined =>
    checks[check] ? { ok: false, check, reason } : undefined
  const passUnverified: VerificationResult = { ok: true }

  const signatureField = headerValue(request.headers, 'signature')
  const inputField = headerValue(request.headers, 'signature-input')
  if (signatureField === undefined || inputField === undefined) {
    const missing = signatureField === undefined ? 'Signature' : 'Signature-Input'
    return fail('headers', `The request has no ${missing} header.`) ?? passUnverified
  }
  const fields = parseSignatureFields(signatureField, inputField)
  if (!fields.ok) return fail('syntax', `${capitalize(fields.reason)}.`) ?? passUnverified
  const repeated = [...repeatedKeys(signatureField), ...repeatedKeys(inputField)]
  if (repeated.length > 0) {
    const problem = fail('labels', `The signature label "${repeated[0]}" appears more than once.`)
    if (problem) return problem
  }
  const selection = selectSignature(...fields.dictionaries)
  if (!selection.ok) return fail('syntax', `${capitalize(selection.reason)}.`) ?? passUnverified
  const { selected } = selection

  const problem = coverageProblem(request, selected, fail) ?? contentProblem(request, fail)
  if (problem) return problem
  const createdProblem = freshnessProblem(selected, options.now ?? new Date(), fail)
  if (createdProblem) return createdProblem
  if (!checks.signature) return { ok: true }
  return verifyWithClientKey(request, selected, options)
}

type Fail = (check: SignatureCheck, reason: string) => VerificationResult | undefined

function coverageProblem(
  request: SignedRequest,
  selected: SelectedSignature,
  fail: Fail,
): VerificationResult | undefined {
  const names: string[] = []
  for (const [name] of selected.input[0]) {
    if (typeof name !== 'string') {
      const problem = fail('syntax', 'Every covered component must be a quoted string.')
      if (problem) return problem
      continue
    }
    names.push(name)
    const known = name.startsWith('@') ? DERIVED_COMPONENTS.has(name) : HEADER_NAME.test(name)
    if (!known) {
      const problem = fail(
        'component-names',
        `The covered component "${name}" is neither a lowercase header name nor a derived component.`,
      )
      if (problem) return problem
    }
  }
  const required: [SignatureCheck, string, boolean][] = [
    ['covers-method', '@method', true],
    ['covers-target-uri', '@target-uri', true],
    ['covers-authorization', 'authorization', request.headers.authorization !== undefined],
    ['covers-content-digest', 'content-digest', hasBody(request)],
  ]
  for (const [check, component, needed] of required) {
    if (needed && !names.includes(component)) {
      const problem = fail(check, `The signature does not cover "${component}".`)
      if (problem) return problem
    }
  }
  return undefined
}

function contentProblem(request: SignedRequest, fail: Fail): VerificationResult | undefined {
  const field = headerValue(request.headers, 'content-digest')
  if (field === undefined) {
    return hasBody(request)
      ? fail('digest', 'A request with a body needs a Content-Digest header.')
      : undefined
  }
  const problem = contentDigestProblem(field, request.body ?? new Uint8Array())
  return problem === undefined ? undefined : fail('digest', `${capitalize(problem)}.`)
}

function freshnessProblem(
  selected: SelectedSignature,
  now: Date,
  fail: Fail,
): VerificationResult | undefined {
  const created = selected.input[1].get('created')
  if (typeof created !== 'number' || !Number.isInteger(created)) {
    return fail('created', 'The signature has no integer "created" parameter.')
  }
  const skew = Math.abs(Math.floor(now.getTime() / 1000) - created)
  if (skew > CREATED_TOLERANCE_SECONDS) {
    return fail(
      'created',
      `The signature was created ${skew} s away from the server clock; at most ${CREATED_TOLERANCE_SECONDS} s is accepted.`,
    )
  }
  return undefined
}

async function verifyWithClientKey(
  request: SignedRequest,
  selected: SelectedSignature,
  options: VerifyOptions,
): Promise<VerificationResult> {
  const loaded = await options.loadKeys(selected.keyid)
  if (!loaded.ok) return { ok: false, check: 'keyid', reason: `${capitalize(loaded.reason)}.` }
  const named = loaded.keys.filter((key) => key.kid === selected.keyid)
  if (named.length === 0 && options.checks.keyid) {
    return {
      ok: false,
      check: 'keyid',
      reason: `The client has no key with keyid "${selected.keyid}".`,
    }
  }
  for (const jwk of named.length > 0 ? named : loaded.keys) {
    const key = importEd25519(jwk)
    if (key !== undefined && verifiesWith(request, selected, key)) return { ok: true }
  }
  return { ok: false, check: 'signature', reason: "The signature does not verify with the client's key." }
}

/**
 * RFC 9421 verification of the selected signature with one key: the library builds the signature base from
 * the members already parsed above (as its verifyMessage would, minus re-serialising and re-parsing both
 * fields and copying the headers), and Node verifies the Ed25519 signature over it.
 */
function verifiesWith(request: SignedRequest, selected: SelectedSignature, key: KeyObject): boolean {
  const [items, params] = selected.input
  const alg = params.get('alg')
  if (alg !== undefined && alg !== 'ed25519') return false
  const expires = params.get('expires')
  if (typeof expires === 'number' && Math.floor(Date.now() / 1000) > expires) return false
  try {
    const base = httpbis.createSignatureBase(
      { fields: items.map((item) => serializeItem(item)) },
      { method: request.method, url: request.targetUri, headers: request.headers as Record<string, string> },
    )
    base.push(['"@signature-params"', [serializeList([selected.input])]])
    const data = Buffer.from(httpbis.formatSignatureBase(base))
    return verify(null, data, key, Buffer.from(selected.signature))
  } catch {
    // The library throws for anything it cannot build a signature base from (a covered header that is
    // absent, an unsupported derived component): both mean "does not verify".
    return false
  }
}

// Imported keys by their `x`: converting a JWK costs more than the verification itself, and a client signs
// every request with the same key. Bounded, oldest first out, as client key sets are.
const importedKeys = new Map<string, KeyObject | undefined>()
const MAX_IMPORTED_KEYS = 1000

function importEd25519(jwk: JWK): KeyObject | undefined {
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') return undefined
  if (jwk.alg !== undefined && jwk.alg !== 'EdDSA') return undefined
  if (importedKeys.has(jwk.x)) return importedKeys.get(jwk.x)
  let key: KeyObject | undefined
  try {
    key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' })
  } catch {
    key = undefined
  }
  if (importedKeys.size >= MAX_IMPORTED_KEYS) importedKeys.delete(importedKeys.keys().next().value ?? '')
  importedKeys.set(jwk.x, key)
  return key
}

function hasBody(request: SignedRequest): boolean {
  return request.body !== undefined && request.body.byteLength > 0
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

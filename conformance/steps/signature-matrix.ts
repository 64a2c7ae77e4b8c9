import { randomUUID } from 'node:crypto'
import {
  type ClientKey,
  contentDigest,
  generateClientKey,
  type OutgoingRequest,
  type RequestOptions,
} from '../../clients/src/index.ts'
import type { RuleId } from '../harness/rules/registry.ts'
import { signManually } from './manual-signature.ts'

/** What a row changes in an otherwise correct, signed request. */
export type Tampering = Pick<RequestOptions, 'sign' | 'signOptions' | 'headers' | 'alter'>

export interface TamperKit {
  key: ClientKey
  /** The key of a second client the target has registered (its own JWKS holds it), when there is one. */
  secondClientKey: ClientKey | undefined
  /** The components the client covers by default for this request. */
  components: string[]
  /** A valid token of another grant with the same rights. */
  otherToken(): Promise<string>
  /** Unix seconds. */
  now: number
}

export type Outcome =
  /** A correct verifier must refuse with one of these statuses. */
  | { refuse: readonly number[] }
  /** A correct verifier may accept (a SHOULD, or RFC 8941 semantics): acceptance is a warning. */
  | { warnIfAccepted: true }

export interface SignatureRow {
  name: string
  /** Why a verifier must refuse (or may accept) the request. */
  reason: string
  rules: [RuleId, ...RuleId[]]
  /** Only for requests with a body (the content-digest rows). */
  needsBody?: true
  /** Only for requests whose body can be changed into other valid bytes of the same length. */
  altersBody?: true
  /** Only for requests with an access token (the rows about the signed authorization). */
  needsToken?: true
  /** Only when the target registers a second client (secondClientIdentity). */
  needsSecondClient?: true
  /** The request carries no signature at all (get-incoming-payment does not mark one required). */
  unsigned?: true
  outcome: Outcome
  tamper(kit: TamperKit): Tampering | Promise<Tampering>
}

// The rows sign with the client library's own default components: one list, in clients/.
export { defaultComponents } from '../../clients/src/index.ts'

const MUST_REFUSE = { refuse: [401] } as const
/** decisions.md: Rafiki checks required headers first and answers 400; the reference answers 401. */
const MISSING_HEADERS = { refuse: [400, 401] } as const
const WARN = { warnIfAccepted: true } as const

export const SIGNATURE_ROWS: readonly SignatureRow[] = [
  {
    name: 'no Signature header',
    unsigned: true,
    reason: 'the spec requires Signature on every resource request',
    rules: ['SIG-REQUIRED'],
    outcome: MISSING_HEADERS,
    tamper: () => ({ alter: without('signature') }),
  },
  {
    name: 'no Signature-Input header',
    unsigned: true,
    reason: 'the spec requires Signature-Input on every resource request',
    rules: ['SIG-REQUIRED'],
    outcome: MISSING_HEADERS,
    tamper: () => ({ alter: without('signature-input') }),
  },
  {
    name: 'no signature headers at all',
    unsigned: true,
    reason: 'an unsigned request cannot prove it comes from the token holder',
    rules: ['SIG-REQUIRED'],
    outcome: MISSING_HEADERS,
    tamper: () => ({ sign: false }),
  },
  ...['@method', '@target-uri', 'authorization'].map(
    (component): SignatureRow => ({
      name: `${component} not covered`,
      reason: `the covered components must include ${component}`,
      rules: ['SIG-COMPONENTS'],
      ...(component === 'authorization' ? { needsToken: true as const } : {}),
      outcome: MUST_REFUSE,
      tamper: ({ components }) => ({
        signOptions: { components: components.filter((c) => c !== component) },
      }),
    }),
  ),
  {
    name: 'content-digest not covered',
    reason: 'a request with a body must cover content-digest',
    rules: ['SIG-COMPONENTS'],
    needsBody: true,
    outcome: MUST_REFUSE,
    tamper: ({ components }) => ({
      signOptions: { components: components.filter((c) => c !== 'content-digest') },
    }),
  },
  {
    name: 'body changed after signing, same length',
    reason: 'Content-Digest no longer matches the bytes received',
    rules: ['SIG-DIGEST'],
    needsBody: true,
    altersBody: true,
    outcome: MUST_REFUSE,
    tamper: () => ({ alter: replaceBody }),
  },
  {
    name: 'signed Content-Digest of other bytes',
    reason: 'the signature verifies but the digest does not match the body',
    rules: ['SIG-DIGEST'],
    needsBody: true,
    outcome: MUST_REFUSE,
    tamper: () => ({ headers: { 'content-digest': contentDigest(new TextEncoder().encode('{}')) } }),
  },
  {
    name: 'Content-Digest removed after signing',
    reason: 'a covered component is missing from the message',
    rules: ['SIG-DIGEST'],
    needsBody: true,
    outcome: MUST_REFUSE,
    tamper: () => ({ alter: without('content-digest') }),
  },
  {
    name: 'Content-Digest that is not a structured dictionary',
    reason: 'the digest cannot be read, so the body cannot be checked',
    rules: ['SIG-DIGEST'],
    needsBody: true,
    outcome: MISSING_HEADERS,
    tamper: () => ({ headers: { 'content-digest': 'sha-512 of the body' } }),
  },
  {
    name: 'keyid the client JWKS does not have',
    reason: 'keyid must be the kid of the client key',
    rules: ['SIG-VERIFY'],
    outcome: MUST_REFUSE,
    tamper: ({ key }) => ({ signOptions: { key: { ...key, keyId: `unknown-${randomUUID()}` } } }),
  },
  {
    name: 'key of another client, under the client keyid',
    reason: 'the signature does not verify with the client public key',
    rules: ['SIG-VERIFY'],
    outcome: MUST_REFUSE,
    tamper: ({ key }) => ({ signOptions: { key: generateClientKey(key.keyId) } }),
  },
  {
    name: 'an unregistered key, under its own keyid',
    reason: 'the key is not in the JWKS of the client the token was issued to',
    rules: ['SIG-VERIFY'],
    outcome: MUST_REFUSE,
    tamper: () => ({ signOptions: { key: generateClientKey() } }),
  },
  {
    name: "key of another registered client, under that client's keyid",
    reason: 'a token is bound to the key of the client it was issued to, not to any client the server knows',
    rules: ['SIG-VERIFY'],
    needsSecondClient: true,
    outcome: MUST_REFUSE,
    tamper: ({ secondClientKey }) => ({ signOptions: { key: secondClientKey } }),
  },
  {
    name: 'signature bytes flipped',
    reason: 'the signature does not verify',
    rules: ['SIG-VERIFY'],
    outcome: MUST_REFUSE,
    tamper: () => ({
      alter: (request) => withHeader(request, 'signature', flipFirstBit(request.headers.signature!)),
    }),
  },
  {
    name: 'empty signature',
    reason: 'zero bytes are no Ed25519 signature',
    rules: ['SIG-VERIFY'],
    outcome: MUST_REFUSE,
    tamper: () => ({ alter: (request) => withHeader(request, 'signature', `${labelOf(request)}=::`) }),
  },
  {
    name: 'target URI changed after signing',
    reason: '@target-uri no longer matches the request',
    rules: ['SIG-VERIFY'],
    outcome: MUST_REFUSE,
    tamper: () => ({ alter: (request) => ({ ...request, url: withQuery(request.url, 'tampered', '1') }) }),
  },
  {
    name: 'authorization replaced after signing by another valid token',
    reason: 'the signed authorization no longer matches the header',
    rules: ['SIG-VERIFY'],
    needsToken: true,
    outcome: MUST_REFUSE,
    tamper: async ({ otherToken }) => {
      const token = await otherToken()
      return { alter: (request) => withHeader(request, 'authorization', `GNAP ${token}`) }
    },
  },
  {
    name: 'no keyid parameter',
    reason: 'keyid must name the client key',
    rules: ['SIG-VERIFY'],
    outcome: MUST_REFUSE,
    tamper: ({ key, components, now }) => ({
      alter: (request) => signManually(request, { key, components, created: now, omitKeyId: true }),
    }),
  },
  {
    // Not "@METHOD": Playwright reads a word starting with @ in a title as a tag.
    name: 'the method derived component named in upper case',
    reason: 'component names are case-sensitive and "@METHOD" is no derived component (RFC 9421 section 2.2)',
    rules: ['SIG-COMPONENTS'],
    outcome: MUST_REFUSE,
    tamper: ({ key, components, now }) => ({
      alter: (request) =>
        signManually(request, { key, components: ['@METHOD', ...components], created: now }),
    }),
  },
  {
    name: 'Signature-Input that is not a structured dictionary',
    reason: 'an unterminated inner list cannot be parsed (RFC 8941)',
    rules: ['SIG-MALFORMED'],
    outcome: MUST_REFUSE,
    tamper: () => ({
      alter: (request) => withHeader(request, 'signature-input', 'sig1=("@method" "@target-uri"'),
    }),
  },
  {
    name: 'Signature member that is not a byte sequence',
    reason: 'the signature must be a byte sequence (:base64:)',
    rules: ['SIG-MALFORMED'],
    outcome: MUST_REFUSE,
    tamper: () => ({ alter: (request) => withHeader(request, 'signature', `${labelOf(request)}=notbytes`) }),
  },
  {
    name: 'Signature and Signature-Input labels differ',
    reason: 'no signature matches the label of the signature input',
    rules: ['SIG-MALFORMED'],
    outcome: MUST_REFUSE,
    tamper: () => ({
      alter: (request) =>
        withHeader(request, 'signature', request.headers.signature!.replace(/^[^=]+=/, 'other=')),
    }),
  },
  {
    name: 'created a day ago',
    reason: 'a stale signature may be a replay; freshness is left to the verifier (RFC 9421 section 3.2.1)',
    rules: ['SIG-FRESHNESS'],
    outcome: WARN,
    tamper: ({ now }) => ({ signOptions: { created: now - 86_400 } }),
  },
  {
    name: 'created a day ahead',
    reason: 'a signature from the future; freshness is left to the verifier',
    rules: ['SIG-FRESHNESS'],
    outcome: WARN,
    tamper: ({ now }) => ({ signOptions: { created: now + 86_400 } }),
  },
  {
    name: 'label given twice, the last (winning) signature broken',
    // Whether the verifier keeps the last duplicate (RFC 8941) or refuses the ambiguity, it must refuse: only a
    // parser against RFC 8941 that keeps the first would accept, and then a signature that does not verify passed.
    reason: 'RFC 8941 keeps the last duplicate, whose signature does not verify',
    rules: ['SIG-VERIFY'],
    outcome: MUST_REFUSE,
    tamper: () => ({ alter: labelTwice('last') }),
  },
  {
    name: 'label given twice, the last (winning) signature valid',
    reason: 'RFC 8941 keeps the last duplicate, which verifies; a stricter verifier refuses the ambiguity',
    rules: ['SIG-VERIFY'],
    outcome: WARN,
    tamper: () => ({ alter: labelTwice('first') }),
  },
]

/** The signature's label given twice in both headers, the `broken` occurrence's signature bytes flipped. */
function labelTwice(broken: 'first' | 'last'): (request: OutgoingRequest) => OutgoingRequest {
  return (request) => {
    const input = request.headers['signature-input']!
    const signature = request.headers.signature!
    const twice = withHeader(request, 'signature-input', `${input}, ${input}`)
    const [first, last] =
      broken === 'first' ? [flipFirstBit(signature), signature] : [signature, flipFirstBit(signature)]
    return withHeader(twice, 'signature', `${first}, ${last}`)
  }
}

function without(...names: string[]): (request: OutgoingRequest) => OutgoingRequest {
  return (request) => ({
    ...request,
    headers: Object.fromEntries(Object.entries(request.headers).filter(([name]) => !names.includes(name))),
  })
}

function withHeader(request: OutgoingRequest, name: string, value: string): OutgoingRequest {
  return { ...request, headers: { ...request.headers, [name]: value } }
}

function labelOf(request: OutgoingRequest): string {
  return /^([^=]+)=/.exec(request.headers['signature-input'] ?? '')?.[1] ?? 'sig1'
}

/** `label=:base64:` with the first bit of the signature inverted. */
export function flipFirstBit(signature: string): string {
  const match = /^([^=]+)=:([^:]*):(.*)$/.exec(signature)
  if (!match) throw new Error(`not a signature dictionary member: ${signature}`)
  const bytes = Buffer.from(match[2] ?? '', 'base64')
  bytes[0] = (bytes[0] ?? 0) ^ 0x80
  return `${match[1]}=:${bytes.toString('base64')}:${match[3]}`
}

function withQuery(url: string, name: string, value: string): string {
  const parsed = new URL(url)
  parsed.searchParams.append(name, value)
  return parsed.href
}

/**
 * Other valid bytes of the same length (one digit of the amount changed, else the members in reverse order):
 * only the digest can tell, since the covered Content-Length still matches.
 */
function replaceBody(request: OutgoingRequest): OutgoingRequest {
  const text = new TextDecoder().decode(request.body)
  const changed = /"value":"\d/.test(text)
    ? text.replace(/"value":"(\d)/, (_, digit: string) => `"value":"${digit === '9' ? '8' : '9'}`)
    : JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(text) as object).reverse()))
  if (changed === text || changed.length !== text.length) {
    throw new Error(`replaceBody: no other bytes of the same length for ${text}`)
  }
  return { ...request, body: new TextEncoder().encode(changed) }
}

/** The rows that apply to a request with or without a body, a token and an alterable body. */
export function rowsFor(request: {
  hasBody: boolean
  hasToken: boolean
  altersBody: boolean
}): readonly SignatureRow[] {
  return SIGNATURE_ROWS.filter(
    (row) =>
      (request.hasBody || !row.needsBody) &&
      (request.hasToken || !row.needsToken) &&
      (request.altersBody || !row.altersBody),
  )
}

/**
 * Every rule the request-signature verifier enforces, each one switchable on its own. All are on in normal
 * use; SIGNATURE_CHECKS_DISABLED turns some off so a test run can prove that the conformance suite notices
 * a server that skips that particular rule.
 */
export const SIGNATURE_CHECKS = {
  headers: 'Signature and Signature-Input are both present (off: an unsigned request passes unverified)',
  syntax:
    'both are well-formed RFC 8941 dictionaries naming a signature with a keyid (off: passes unverified)',
  labels: 'no label appears twice in Signature or Signature-Input',
  'component-names': 'covered components are lowercase header names or known derived components',
  'covers-method': '@method is covered',
  'covers-target-uri': '@target-uri is covered',
  'covers-authorization': 'authorization is covered when the request carries it',
  'covers-content-digest': 'content-digest is covered when the request has a body',
  digest: 'Content-Digest is present with a body and matches the body bytes (sha-512 or sha-256)',
  created: 'created is present and within 300 seconds of the server clock',
  keyid: "keyid names one of the client's keys (off: every key of the client is tried)",
  signature: "the signature verifies with the client's key (off: no cryptographic verification)",
} as const

export type SignatureCheck = keyof typeof SIGNATURE_CHECKS

export type SignatureChecks = Readonly<Record<SignatureCheck, boolean>>

const SIGNATURE_CHECK_NAMES = Object.keys(SIGNATURE_CHECKS) as SignatureCheck[]

export const ALL_SIGNATURE_CHECKS: SignatureChecks = Object.fromEntries(
  SIGNATURE_CHECK_NAMES.map((name) => [name, true]),
) as Record<SignatureCheck, boolean>

export type DisabledChecksResult = { ok: true; checks: SignatureChecks } | { ok: false; unknown: string[] }

/** Reads a comma-separated list of check names to turn off, e.g. "digest,created". */
export function signatureChecksWithout(list: string): DisabledChecksResult {
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
  const unknown = names.filter((name) => !(name in SIGNATURE_CHECKS))
  if (unknown.length > 0) return { ok: false, unknown }
  const checks: Record<SignatureCheck, boolean> = { ...ALL_SIGNATURE_CHECKS }
  for (const name of names as SignatureCheck[]) checks[name] = false
  return { ok: true, checks }
}

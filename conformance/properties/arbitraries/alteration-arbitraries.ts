import fc from 'fast-check'

/** One change to a correctly signed request, made after signing. */
export type Alteration =
  /** One character of the body's marker replaced by another: the JSON stays valid, only the digest can tell. */
  | { kind: 'body-byte'; position: number; replacement: string }
  /** One character of the access token (a covered header) replaced. */
  | { kind: 'authorization'; position: number; replacement: string }
  | { kind: 'method'; method: 'PUT' | 'PATCH' | 'DELETE' | 'GET' }
  | { kind: 'path'; suffix: string }
  | { kind: 'query'; name: string; value: string }
  /** The signature parameters claim another creation time than the one signed. */
  | { kind: 'created'; shiftSeconds: number }
  | { kind: 'signature-bit'; bit: number }
  | { kind: 'keyid'; keyid: string }

const alphanumericArb = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789')

/** A change only the body's Content-Digest can show (SIG-DIGEST). */
export const bodyAlterationArb: fc.Arbitrary<Alteration> = fc.record({
  kind: fc.constant('body-byte' as const),
  position: fc.nat(),
  replacement: alphanumericArb,
})

/** A change to what the signature covers or says, the body aside (SIG-VERIFY). */
export const signatureAlterationArb: fc.Arbitrary<Alteration> = fc.oneof(
  fc.record({
    kind: fc.constant('authorization' as const),
    position: fc.nat(),
    replacement: alphanumericArb,
  }),
  fc.record({
    kind: fc.constant('method' as const),
    method: fc.constantFrom('PUT' as const, 'PATCH' as const, 'DELETE' as const, 'GET' as const),
  }),
  fc.record({ kind: fc.constant('path' as const), suffix: fc.stringMatching(/^[a-z0-9-]{1,8}$/) }),
  fc.record({
    kind: fc.constant('query' as const),
    name: fc.stringMatching(/^[a-z]{1,8}$/),
    value: fc.stringMatching(/^[a-z0-9]{0,8}$/),
  }),
  fc.record({
    kind: fc.constant('created' as const),
    shiftSeconds: fc.oneof(fc.integer({ min: -300, max: -1 }), fc.integer({ min: 1, max: 300 })),
  }),
  fc.record({ kind: fc.constant('signature-bit' as const), bit: fc.nat() }),
  fc.record({ kind: fc.constant('keyid' as const), keyid: fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/) }),
)

/** Which signed operation is altered: one that creates, one that changes what exists. */
export const alteredOperationArb = fc.constantFrom(
  'create incoming payment' as const,
  'complete incoming payment' as const,
)

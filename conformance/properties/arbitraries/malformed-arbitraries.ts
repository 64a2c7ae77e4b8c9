import fc from 'fast-check'
import { malformedAmountValueArb } from './amount-arbitraries.ts'

/**
 * Ways to break a correct request body, each enough on its own for the spec to require a refusal. Members are
 * drawn by index and resolved against the operation's own list when the request is built, so one arbitrary
 * serves every operation.
 */
export type BodyBreak =
  /** Leaves out a required member. */
  | { kind: 'remove'; member: number }
  /** Gives a member a value of the wrong JSON type (a number where a string belongs, and so on). */
  | { kind: 'retype'; member: number; value: unknown }
  /** Puts a string that is no usable URL where a URL belongs. */
  | { kind: 'url'; member: number; value: string }
  /** Breaks one field of an Amount member. */
  | { kind: 'amount'; member: number; field: 'value' | 'assetScale' | 'assetCode'; value: unknown }
  /** Sends bytes that are not the JSON body: cut short, or with invalid UTF-8 inside a URL member. */
  | { kind: 'bytes'; cut: number }
  | { kind: 'bad-utf8'; member: number }

/** What may come with a break: it does not make the request invalid alone, so it never stands alone. */
export interface BodyExtras {
  unknownMember?: [string, unknown]
  contentType?: string
}

/**
 * An array or object nested `depth` deep: a parser or validator that recurses may not survive it. Held as its
 * depth and written as text by `serializeBody` (JSON.stringify itself recurses), so fast-check can print and
 * shrink it.
 */
export class Deep {
  constructor(
    readonly depth: number,
    readonly inObjects: boolean,
  ) {}

  toText(): string {
    const [open, close] = this.inObjects ? ['{"a":', '}'] : ['[', ']']
    return `${open.repeat(this.depth)}1${close.repeat(this.depth)}`
  }

  [fc.toStringMethod](): string {
    return `Deep(${this.depth} ${this.inObjects ? 'objects' : 'arrays'})`
  }
}

const deepArb = fc
  .tuple(fc.integer({ min: 2, max: 5000 }), fc.boolean())
  .map(([depth, inObjects]) => new Deep(depth, inObjects))

const hugeStringArb = fc.integer({ min: 10_000, max: 200_000 }).map((length) => 'a'.repeat(length))

/** Any value but a string: what a string or URL member must not be. */
export const notAStringArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(null, true, false, 2 ** 64, 1e308),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  deepArb,
)

/** Any value but an object: what an Amount or another object member must not be. */
export const notAnObjectArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 20 }),
  hugeStringArb,
  fc.integer(),
  fc.constantFrom(null, true),
  fc.array(fc.integer(), { maxLength: 3 }),
  deepArb.map((value) => [value]),
)

export const invalidUrlArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', 'not a url', 'http://', '://example.com', 'https://exa mple.com', '/relative/path'),
  hugeStringArb,
  fc.string({ maxLength: 30 }).filter((text) => !URL.canParse(text)),
)

const amountBreakArb = fc.oneof(
  fc.record({ field: fc.constant('value' as const), value: malformedAmountValueArb }),
  fc.record({
    field: fc.constant('assetScale' as const),
    value: fc.oneof(fc.integer({ min: 256, max: 2 ** 40 }), fc.constantFrom(-1, 1.5, '2', null, 1e308)),
  }),
  fc.record({ field: fc.constant('assetCode' as const), value: notAStringArb }),
)

export const bodyBreakArb: fc.Arbitrary<BodyBreak> = fc.oneof(
  fc.record({ kind: fc.constant('remove' as const), member: fc.nat() }),
  fc.record({
    kind: fc.constant('retype' as const),
    member: fc.nat(),
    value: fc.oneof(notAStringArb, notAnObjectArb),
  }),
  fc.record({ kind: fc.constant('url' as const), member: fc.nat(), value: invalidUrlArb }),
  fc
    .tuple(fc.nat(), amountBreakArb)
    .map(([member, broken]) => ({ kind: 'amount' as const, member, ...broken })),
  fc.record({ kind: fc.constant('bytes' as const), cut: fc.nat() }),
  fc.record({ kind: fc.constant('bad-utf8' as const), member: fc.nat() }),
)

export const bodyExtrasArb: fc.Arbitrary<BodyExtras> = fc.record(
  {
    unknownMember: fc.tuple(
      fc.stringMatching(/^[a-z][A-Za-z]{0,10}$/).map((key) => `x${key}`),
      fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), notAnObjectArb),
    ),
    contentType: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', ''),
  },
  { requiredKeys: [] },
)

/** A query parameter of a list that no server may accept (PAG-RANGE: 1..100, no empty cursor). */
export interface QueryBreak {
  param: 'first' | 'last' | 'cursor'
  value: string
}

export const queryBreakArb: fc.Arbitrary<QueryBreak> = fc.oneof(
  fc.record({
    param: fc.constantFrom('first' as const, 'last' as const),
    value: fc.oneof(
      fc.constantFrom('0', '101', '-1', 'abc', '1.5', '', '99999999999999999999'),
      fc.integer({ min: 101, max: 2 ** 31 }).map(String),
      fc.integer({ min: -(2 ** 31), max: 0 }).map(String),
    ),
  }),
  fc.constant({ param: 'cursor' as const, value: '' }),
)

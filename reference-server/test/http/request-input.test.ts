import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { HttpError } from '../../src/http/errors.ts'
import { METADATA_MAX_DEPTH, readDateTime, readMetadata } from '../../src/shared/request-input.ts'
import { databaseVariants } from '../support/helpers.ts'
import { type Json, type PaymentServer, startPaymentServer } from '../support/payment-server-fixture.ts'

function nested(depth: number): Json {
  let value: Json = { leaf: true }
  for (let level = 1; level < depth; level++) value = { a: value }
  return value
}

function refusal(read: () => unknown): { status: number; field: unknown } | undefined {
  try {
    read()
    return undefined
  } catch (error) {
    assert.ok(error instanceof HttpError)
    return { status: error.status, field: error.details?.field }
  }
}

const NOT_STORABLE: [string, Json][] = [
  ['U+0000 in a value', { note: 'a\u0000b' }],
  ['U+0000 in a key', { 'a\u0000': 1 }],
  ['a lone high surrogate', { note: '\ud800' }],
  ['a lone low surrogate deep in an array', { list: [1, ['x\udc00']] }],
  ['nesting deeper than the limit', nested(METADATA_MAX_DEPTH + 1)],
]

describe('readMetadata', () => {
  for (const [name, metadata] of NOT_STORABLE) {
    it(`refuses ${name} with 400 naming metadata`, () => {
      assert.deepEqual(
        refusal(() => readMetadata({ metadata })),
        { status: 400, field: 'metadata' },
      )
    })
  }

  it('keeps surrogate pairs, nesting at the limit and arbitrary JSON values', () => {
    for (const metadata of [
      { note: 'emoji \ud83d\ude00', list: [null, 1.5, false, { '': '' }] },
      nested(METADATA_MAX_DEPTH),
    ]) {
      assert.equal(readMetadata({ metadata }), metadata)
    }
  })
})

describe('readDateTime', () => {
  for (const value of [
    '2030-02-30T00:00:00Z',
    '2031-02-29T00:00:00Z',
    '2030-04-31T00:00:00Z',
    '2030-13-01T00:00:00Z',
    '2030-01-00T00:00:00Z',
    '2030-01-01T24:00:00Z',
    '2030-01-01T00:60:00Z',
    '2030-01-01T00:00:60Z',
    '2030-01-01T00:00:00+24:00',
    '2030-01-01T00:00:00+01:60',
    '2030-01-01',
  ]) {
    it(`refuses ${value}`, () => {
      assert.deepEqual(
        refusal(() => readDateTime({ at: value }, 'at')),
        { status: 400, field: 'at' },
      )
    })
  }

  it('reads valid times, leap days and offsets included', () => {
    const read = (value: string) => readDateTime({ at: value }, 'at')?.toISOString()
    assert.equal(read('2032-02-29T23:59:59.5Z'), '2032-02-29T23:59:59.500Z')
    assert.equal(read('2000-02-29t00:00:00+23:59'), '2000-02-28T00:01:00.000Z')
    assert.equal(read('2030-12-31T10:00:00-02:00'), '2030-12-31T12:00:00.000Z')
  })
})

for (const variant of databaseVariants('request-input')) {
  describe(`incoming-payment metadata reaches the database intact (${variant.name})`, () => {
    let s: PaymentServer

    before(async () => {
      s = await startPaymentServer(variant)
    })

    after(() => s?.close())

    it('answers 400, never 500, to metadata jsonb cannot hold', async () => {
      const token = await s.receiverToken()
      for (const [name, metadata] of NOT_STORABLE) {
        const response = await s.client.send('POST', `${s.server.url}/incoming-payments`, {
          token,
          json: { walletAddress: s.bob, metadata },
        })
        assert.equal(response.status, 400, `${name}: ${JSON.stringify(response.body)}`)
      }
    })

    it('stores and returns the hardest metadata it accepts unchanged', async () => {
      const metadata = { note: 'emoji \ud83d\ude00 \u00e9', deep: nested(METADATA_MAX_DEPTH - 1) }
      const created = await s.createIncoming({ metadata })
      assert.deepEqual(created.metadata, metadata)
    })
  })
}

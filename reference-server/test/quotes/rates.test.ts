import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import {
  convert,
  DEFAULT_RATE_TABLE,
  parseRates,
  RateFileError,
  readRateFile,
} from '../../src/quotes/rates.ts'

const usd = { assetCode: 'USD', assetScale: 2 }
const eur = { assetCode: 'EUR', assetScale: 2 }
const jpy = { assetCode: 'JPY', assetScale: 0 }

describe('exchange rates', () => {
  let dir: string

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rates-'))
  })

  after(() => rm(dir, { recursive: true, force: true }))

  it('converts exactly, applying both scales and the rounding asked for', () => {
    const rates = parseRates({ rates: { USD: { JPY: '151.37' } } })
    assert.ok(!Array.isArray(rates))
    const cases: [bigint, typeof usd, typeof usd, 'down' | 'up', bigint | undefined][] = [
      [333n, usd, eur, 'down', 266n],
      [333n, usd, eur, 'up', 267n],
      [101n, eur, usd, 'up', 127n],
      [100n, usd, usd, 'down', 100n],
      [1n, usd, { assetCode: 'USD', assetScale: 4 }, 'down', 100n],
      [199n, { assetCode: 'USD', assetScale: 4 }, usd, 'down', 1n],
      [18446744073709551615n, eur, usd, 'down', 23058430092136939518n],
      [100n, usd, jpy, 'down', undefined],
    ]
    for (const [value, from, to, rounding, expected] of cases) {
      assert.equal(
        convert(DEFAULT_RATE_TABLE, value, from, to, rounding),
        expected,
        `${value} ${from.assetCode}`,
      )
    }
    assert.equal(convert(rates, 250n, usd, jpy, 'down'), 378n)
  })

  it('lists every problem of a rate table', () => {
    assert.deepEqual(parseRates({ rates: { USD: { EUR: 0.8, JPY: '-1', GBP: '0' }, EUR: 'x' } }), [
      'rates.USD.EUR must be a positive decimal string such as "0.8"',
      'rates.USD.JPY must be a positive decimal string such as "0.8"',
      'rates.USD.GBP must be a positive decimal string such as "0.8"',
      'rates.EUR must be an object of rates by asset code',
    ])
    assert.deepEqual(parseRates([]), ['the top level must be an object with only a "rates" object'])
  })

  it('reads a rate file, naming the file and RATES_FILE when it cannot', async () => {
    const good = path.join(dir, 'good.json')
    await writeFile(good, JSON.stringify({ rates: { USD: { EUR: '0.5' } } }))
    assert.equal(convert(await readRateFile(good), 10n, usd, eur, 'down'), 5n)
    const missing = path.join(dir, 'missing.json')
    await assert.rejects(readRateFile(missing), (err: unknown) => {
      assert.ok(err instanceof RateFileError)
      assert.match(err.message, /missing\.json: file not found \(set RATES_FILE\)/)
      return true
    })
  })
})

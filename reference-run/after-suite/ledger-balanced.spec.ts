import { expect, test } from '@playwright/test'

interface LedgerReport {
  balanced: boolean
  assets: { assetCode: string; assetScale: number; seeded: string; held: string; exchangeNet: string }[]
  walletsOutOfStep: string[]
  grantsOutOfStep: string[]
}

// Runs after the whole conformance project (its teardown project), against the reference server it started:
// whatever the suite did, every unit of money is still where the ledger says it is.
test('after the conformance suite, no money was created or lost', async ({ request }) => {
  const response = await request.get('/healthz/ledger')
  expect(response.status(), 'the reference server serves its ledger check (LEDGER_ENDPOINT)').toBe(200)
  const report = (await response.json()) as LedgerReport
  await test
    .info()
    .attach('ledger', { body: JSON.stringify(report, null, 2), contentType: 'application/json' })
  for (const asset of report.assets) {
    console.log(
      `ledger ${asset.assetCode}/${asset.assetScale}: seeded ${asset.seeded}, held ${asset.held}, exchange net ${asset.exchangeNet}`,
    )
    expect(
      BigInt(asset.held) + BigInt(asset.exchangeNet),
      `${asset.assetCode}/${asset.assetScale}: balances plus the exchange's net equal what the seed credited`,
    ).toBe(BigInt(asset.seeded))
  }
  expect(report.walletsOutOfStep, 'every cached balance equals the sum of its ledger movements').toEqual([])
  expect(
    report.grantsOutOfStep,
    "every grant's spent totals equal the sum of its payments not failed",
  ).toEqual([])
  expect(report.balanced).toBe(true)
})

import assert from 'node:assert/strict'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { type Browser, chromium, type Page } from '@playwright/test'
import { chromiumLaunchOptions } from '../../conformance/harness/consent/chromium.ts'
import { renderVerdictHtml } from '../src/render-verdict-html.ts'
import { RULE_STATUSES, TIERS } from '../src/verdict.ts'
import { LEVELS } from '../src/verdict-document.ts'
import { sampleDocument } from './sample-verdict.ts'

const launch = chromiumLaunchOptions()
const document = sampleDocument()

describe('the verdict page in Chromium', { skip: launch.executablePath ? false : 'no Chromium here' }, () => {
  let browser: Browser
  let page: Page
  before(async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'verdict-page-')), 'verdict.html')
    writeFileSync(file, renderVerdictHtml(document))
    browser = await chromium.launch(launch)
    page = await browser.newPage()
    // From disk, as a user opens it: no server, nothing fetched.
    const requests: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    await page.goto(`file://${file}`)
    assert.deepEqual(requests, [`file://${file}`])
  })
  after(async () => browser?.close())

  test('shows the verdict line and the subject', async () => {
    assert.equal(await page.locator('#headline').textContent(), document.headline)
    assert.match(document.headline, /^NOT CONFORMANT: 1 rule failed/)
    assert.equal(await page.locator('[data-field="Target"]').textContent(), 'Sample ASE <staging>')
    assert.equal(await page.locator('[data-field="Consent driver"]').textContent(), 'browser')
    assert.match(
      (await page.locator('[data-field="Spec"]').textContent()) ?? '',
      /OpenAPI 1\.3\.0 .* 7\.4\.0/,
    )
  })

  test('renders the counts of every tier, level and status; a tier without rules has no row', async () => {
    for (const tier of TIERS) {
      if (!document.rules.some((r) => r.tier === tier)) {
        assert.equal(await page.locator(`#counts [data-tier="${tier}"]`).count(), 0, tier)
        continue
      }
      for (const status of RULE_STATUSES) {
        const cell = page.locator(`[data-tier="${tier}"][data-level="all"][data-status="${status}"]`)
        assert.equal(Number(await cell.textContent()), document.tiers[tier][status], `${tier} ${status}`)
      }
      for (const level of LEVELS) {
        const count = RULE_STATUSES.reduce((sum, s) => sum + document.levels[tier][level][s], 0)
        const cells = page.locator(`td[data-tier="${tier}"][data-level="${level}"]`)
        assert.equal(await cells.count(), count > 0 ? RULE_STATUSES.length : 0, `${tier} ${level}`)
      }
    }
    assert.equal(
      Number(
        await page.locator('td[data-tier="spec"][data-level="MUST"][data-status="failed"]').textContent(),
      ),
      1,
    )
    assert.equal(Number(await page.locator('[data-tests="failed"]').textContent()), 1)
  })

  test("one row per rule, with its result, reasons and the failure's exchanges", async () => {
    assert.equal(await page.locator('tr[data-rule]').count(), document.rules.length)
    const failed = page.locator('tr[data-rule="IP-GET"]')
    assert.equal(await failed.getAttribute('data-status'), 'failed')
    // The details (failures, exchanges) are in the rule's group of rows, at the table's full width.
    const group = page.locator('#rule-IP-GET')
    assert.match((await group.textContent()) ?? '', /expected 404, got 401/)
    assert.match((await group.textContent()) ?? '', /curl -X GET https:\/\/ase\.test\/incoming-payments\/x/)
    assert.match((await page.locator('#rule-QT-X').textContent()) ?? '', /NOT APPLICABLE.*no otherAsset/s)
    assert.match((await page.locator('#rule-TOKEN-EXPIRY').textContent()) ?? '', /tokens live 600 s/)
    assert.match((await page.locator('#rule-IP-CREATE').textContent()) ?? '', /creates <b>incoming<\/b>/)
    assert.match(
      (await page.locator('#latency').textContent()) ?? '',
      /get-incoming-payment\s*3\s*12\s*40\s*40/,
    )
  })
})

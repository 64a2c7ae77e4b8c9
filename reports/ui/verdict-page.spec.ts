import { writeFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { renderVerdictHtml } from '../src/render-verdict-html.ts'
import { sampleDocument } from '../test/sample-verdict.ts'

const document = sampleDocument()

test.beforeEach(async ({ page }, testInfo) => {
  // A failing run's page, from disk, as a certifier opens it: nothing else may be fetched.
  const file = testInfo.outputPath('verdict.html')
  writeFileSync(file, renderVerdictHtml(document))
  const requests: string[] = []
  page.on('request', (request) => requests.push(request.url()))
  await page.goto(`file://${file}`)
  expect(requests).toEqual([`file://${file}`])
})

test('a failure is one click from the headline', async ({ page }, testInfo) => {
  const link = page.locator('#attention a[href="#rule-IP-GET"]')
  await expect(link).toBeVisible()
  await expect(page.locator('#attention li').first()).toContainText('IP-GET FAIL')
  await link.click()
  expect(new URL(page.url()).hash).toBe('#rule-IP-GET')
  const rule = page.locator('#rule-IP-GET')
  await expect(rule).toBeInViewport()
  await expect(rule).toContainText('expected 404, got 401')
  await expect(rule.getByText('curl -X GET https://ase.test/incoming-payments/x')).toBeAttached()
  await testInfo.attach('the failing rule, reached from the headline', {
    body: await page.screenshot(),
    contentType: 'image/png',
  })
})

test('in each tier, the rules that need attention come first', async ({ page }) => {
  const spec = page.locator('section.tier[data-tier="spec"] tbody.rule')
  const statuses = await spec.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status')))
  expect(statuses.slice(0, 2)).toEqual(['failed', 'skipped'])
  expect(statuses.at(-1)).toBe('passed')
})

test('the filter shows only the chosen statuses and tier', async ({ page }, testInfo) => {
  const rules = page.locator('tbody.rule')
  await expect(rules).toHaveCount(document.rules.length)
  for (const status of ['passed', 'warning', 'skipped', 'not-applicable', 'pending'])
    await page.locator(`#filter input[value="${status}"]`).uncheck()
  await expect(page.locator('tbody.rule:visible')).toHaveCount(
    document.rules.filter(
      (r) => r.status === 'failed' || r.status === 'inconclusive' || r.status === 'untested',
    ).length,
  )
  await expect(page.locator('#rule-IP-GET')).toBeVisible()
  await expect(page.locator('#rule-IP-CREATE')).toBeHidden()
  await testInfo.attach('filtered to what did not pass', {
    body: await page.screenshot(),
    contentType: 'image/png',
  })

  await page.locator('#filter button[type="reset"]').click()
  await page.locator('#filter select[name="tier"]').selectOption('beyond-spec')
  await expect(page.locator('tbody.rule:visible')).toHaveCount(
    document.rules.filter((r) => r.tier === 'beyond-spec').length,
  )
  await expect(page.locator('section.tier[data-tier="spec"]')).toBeHidden()
})

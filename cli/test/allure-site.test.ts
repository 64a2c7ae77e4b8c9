import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { generateAllureSite, thirdPartyUrls, withoutAnalytics } from '../allure-site.ts'

const dir = mkdtempSync(join(tmpdir(), 'allure-site-'))

describe('the Allure site stays on the machine', () => {
  test('a generated site calls no other host: Allure 3 embeds Google Analytics, the site keeps none of it', async () => {
    const results = join(dir, 'allure-results')
    mkdirSync(results)
    const uuid = '6f1c8d2e-0000-4000-8000-000000000001'
    writeFileSync(
      join(results, `${uuid}-result.json`),
      JSON.stringify({
        uuid,
        name: 'a test',
        fullName: 'x.spec.ts#a test',
        historyId: 'a',
        status: 'passed',
        stage: 'finished',
        start: 1,
        stop: 2,
        steps: [],
        attachments: [],
        labels: [],
      }),
    )
    const index = await generateAllureSite(results, join(dir, 'allure-report'))
    assert.ok(index, 'the site was generated')
    assert.deepEqual(thirdPartyUrls(join(dir, 'allure-report')), [])
    assert.doesNotMatch(readFileSync(index, 'utf8'), /googletagmanager|gtag\(/)
  })

  test('the scan finds a script from another host, and the stripping removes only the analytics', () => {
    const page =
      '<script src="app.js"></script>\n' +
      '    <script async src="https://www.googletagmanager.com/gtag/js?id=G-X"></script>\n' +
      '    <script>\n      window.dataLayer = []; function gtag(){}\n      gtag("config", "G-X");\n    </script>\n' +
      '<script>window.allure = {}</script>'
    const site = join(dir, 'site')
    mkdirSync(site)
    writeFileSync(join(site, 'index.html'), page)
    assert.deepEqual(thirdPartyUrls(site), ['index.html: https://www.googletagmanager.com/gtag/js?id=G-X'])
    assert.equal(
      withoutAnalytics(page),
      '<script src="app.js"></script>\n<script>window.allure = {}</script>',
    )
  })
})

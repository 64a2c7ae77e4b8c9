import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { reportPaths } from '../../settings/run-settings.ts'
import { holdPreviousReports } from '../output-folder.ts'
import { reportLines } from '../report-list.ts'

describe('the Reports block', () => {
  test('names only the files that exist, and nothing once the previous reports are held aside', () => {
    const paths = reportPaths(mkdtempSync(join(tmpdir(), 'report-list-')))
    mkdirSync(paths.verdict, { recursive: true })
    writeFileSync(join(paths.verdict, 'verdict.html'), '')
    const lines = reportLines(paths, undefined)
    assert.equal(lines.filter((line) => line.startsWith('  ')).length, 1)
    assert.match(lines.join('\n'), /Verdict page .*verdict\.html/)
    holdPreviousReports(paths).discard()
    assert.deepEqual(reportLines(paths, undefined), [])
  })

  test('the Allure site is named where it was written, with the command that serves it', () => {
    const paths = reportPaths(mkdtempSync(join(tmpdir(), 'report-list-')))
    const index = join(paths.allureReport, 'index.html')
    mkdirSync(paths.allureReport, { recursive: true })
    writeFileSync(index, '')
    assert.match(
      reportLines(paths, index).join('\n'),
      /Allure site .*allure-report\/index\.html {3}\(npx --no-install allure open \/.*allure-report\)/,
    )
  })
})

import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { describe, test } from 'node:test'
import { rerunCommand, sameTargetOptions } from '../../settings/rerun-command.ts'
import { summaryLines } from '../src/render-verdict.ts'
import { renderVerdictHtml } from '../src/render-verdict-html.ts'
import { sampleDocument } from './sample-verdict.ts'

/** What a POSIX shell passes the command as its --grep argument. */
function grepArgument(command: string): string {
  const shell = spawnSync('sh', ['-c', `printf '%s' ${command.slice(command.indexOf('--grep ') + 7)}`], {
    encoding: 'utf8',
  })
  return shell.stdout
}

describe('every failure carries the command that runs its test again against the same target', () => {
  const title =
    "conformance › conformance/tests/quotes.spec.ts › quotes (fixed send) › a debitAmount of 1.5 [$] isn't accepted?"

  test("the run's own target and baseline, never the reference run's file", () => {
    const ase = { CONFORMANCE_TARGET: '/x/my ase.json', CONFORMANCE_BASELINE: '/base/line.json' }
    assert.deepEqual(sameTargetOptions(ase, '/x'), [
      '--target',
      "'my ase.json'",
      '--baseline',
      '../base/line.json',
    ])
    const reference = { CONFORMANCE_TARGET: '/x/out/ref.json', REFERENCE_RUN_TARGET: '/x/out/ref.json' }
    assert.deepEqual(sameTargetOptions(reference, '/x'), [])
  })

  test("its --grep, as the shell passes it, selects the test by Playwright's grep title and not its neighbour", () => {
    const command = rerunCommand(title, ['--target', 'ase.json'])
    assert.match(command, /^npx --no-install op-conformance run --target ase\.json --grep '/)
    const grep = new RegExp(grepArgument(command))
    // Playwright tests --grep against the project, the file, the describe blocks, the title and the tags.
    const grepTitle = (t: string) => `${t.replaceAll(' › ', ' ')} @QT-CREATE`
    assert.ok(grep.test(grepTitle(title)), grep.source)
    assert.ok(!grep.test(grepTitle(title.replace('1.5', '105'))), grep.source)
  })

  test('on the console and the verdict page, under the failure', () => {
    const document = { ...sampleDocument(), sameTarget: ['--target', 'ase.json'] }
    const rerun = "re-run: npx --no-install op-conformance run --target ase.json --grep 'reads an unknown id'"
    assert.ok(
      summaryLines(document).some((line) => line.trim() === rerun),
      summaryLines(document).join('\n'),
    )
    assert.match(
      renderVerdictHtml(document),
      /Run again against the same target:<\/div><pre class="rerun">npx --no-install op-conformance run --target ase\.json --grep 'reads an unknown id'<\/pre>/,
    )
  })
})

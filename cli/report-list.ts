import { existsSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import type { ReportPaths } from '../settings/run-settings.ts'

/** The `Reports:` block: only files this run wrote (it held the previous ones aside first), each with how to open it. */
export function reportLines(paths: ReportPaths, allureIndex: string | undefined): string[] {
  const show = (path: string) => {
    const near = relative(process.cwd(), path)
    return near.startsWith('..') ? path : near || '.'
  }
  const rows: [string, string, string?][] = [
    ['Verdict page', join(paths.verdict, 'verdict.html'), 'opens from disk'],
    ['Verdict JSON', join(paths.verdict, 'verdict.json')],
    ['Verdict Markdown', join(paths.verdict, 'verdict.md')],
    ['JUnit XML', join(paths.verdict, 'junit.xml')],
    [
      'Playwright HTML',
      join(paths.html, 'index.html'),
      `npx --no-install playwright show-report ${show(paths.html)}`,
    ],
    ...(allureIndex
      ? [
          ['Allure site', allureIndex, `npx --no-install allure open ${show(dirname(allureIndex))}`] as [
            string,
            string,
            string,
          ],
        ]
      : []),
    ['Allure results', paths.allureResults],
    ['Archive', paths.archive],
  ]
  const written = rows.filter(([, path]) => existsSync(path))
  if (written.length === 0) return []
  return [
    '',
    'Reports:',
    ...written.map(([label, path, how]) => `  ${label.padEnd(17)} ${show(path)}${how ? `   (${how})` : ''}`),
    '',
  ]
}

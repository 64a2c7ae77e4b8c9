import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * Why a private key must not be written at `path`, or undefined when it may: inside a git work tree, a key that
 * the tree does not ignore is one `git add .` away from a commit (a tracked path is never ignored). Outside any
 * work tree, or without git, nothing can commit it by accident.
 */
export function unsafeKeyPlace(path: string): string | undefined {
  let folder = dirname(path)
  while (!existsSync(folder)) folder = dirname(folder)
  const top = spawnSync('git', ['rev-parse', '--show-toplevel'], { cwd: folder, encoding: 'utf8' })
  if (top.error || top.status !== 0) return undefined
  if (spawnSync('git', ['check-ignore', '-q', '--', path], { cwd: folder }).status === 0) return undefined
  return (
    `${path} is in the git work tree ${top.stdout.trim()} and not ignored there: a private key one \`git add .\` ` +
    'away from a commit. Give --output outside the work tree, or in a folder it ignores (the suite ignores local/)'
  )
}

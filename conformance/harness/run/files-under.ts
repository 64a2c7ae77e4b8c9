import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Every file at or under `path` (node_modules left out), as absolute paths; none when the path is not there. */
export function filesUnder(path: string): string[] {
  let isFile: boolean
  try {
    isFile = statSync(path).isFile()
  } catch {
    return []
  }
  if (isFile) return [path]
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !join(entry.parentPath, entry.name).includes('node_modules'))
    .map((entry) => join(entry.parentPath, entry.name))
}

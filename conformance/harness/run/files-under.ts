import { readdirSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

/**
 * Every file at or under `path` (node_modules below it left out), as absolute paths; none when the path is not
 * there. `path` itself may be inside a node_modules: the installed suite is.
 */
export function filesUnder(path: string): string[] {
  let isFile: boolean
  try {
    isFile = statSync(path).isFile()
  } catch {
    return []
  }
  if (isFile) return [path]
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter(
      (entry) => entry.isFile() && !relative(path, entry.parentPath).split(sep).includes('node_modules'),
    )
    .map((entry) => join(entry.parentPath, entry.name))
}

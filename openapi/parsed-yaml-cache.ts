import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'

/** Where parses are kept; a parameter so tests can use a folder of their own. */
export const DEFAULT_CACHE_DIR = join(tmpdir(), 'op-conformance-yaml')

/**
 * The YAML file's parse, kept as JSON under the SHA-256 of its text. Parsing the three official documents costs a
 * process about 0.15-0.2 s of CPU; JSON of the same tree, under 0.01 s. Every Playwright worker loads them, and
 * Playwright replaces a worker after each failed test, so against a server with many failures this is paid
 * dozens of times. Keyed by content, a cached parse can never be of another version of the file; a cache that
 * cannot be read or written is skipped.
 */
export async function parseYamlFile(file: string, cacheDir: string = DEFAULT_CACHE_DIR): Promise<unknown> {
  const text = await readFile(file, 'utf8')
  const cached = join(cacheDir, `${createHash('sha256').update(text).digest('hex')}.json`)
  try {
    return JSON.parse(await readFile(cached, 'utf8'))
  } catch {
    const parsed: unknown = parse(text)
    await keep(cached, parsed, cacheDir)
    return parsed
  }
}

async function keep(cached: string, parsed: unknown, cacheDir: string): Promise<void> {
  // Written aside and renamed, so a process reading it at the same time sees all of it or nothing.
  const partial = `${cached}.${process.pid}.partial`
  try {
    await mkdir(cacheDir, { recursive: true })
    await writeFile(partial, JSON.stringify(parsed))
    await rename(partial, cached)
  } catch {
    // Only a speed-up: the parse is returned either way.
  }
}

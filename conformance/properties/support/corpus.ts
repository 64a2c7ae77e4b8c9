import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Counterexamples a property once found, kept in corpus.json and replayed before any new search: a bug fixed
 * once stays checked. An entry replays while its property's arbitraries are unchanged (seed and path address
 * a draw, not a value); `counterexample` says what it was, for when they have changed.
 */
export interface CorpusEntry {
  seed: number
  path: string
  counterexample: string
  /** Which target failed it and how, in one line. */
  found: string
}

export const CORPUS_FILE = join(import.meta.dirname, '..', 'corpus.json')

export function corpusFor(property: string, file = CORPUS_FILE): CorpusEntry[] {
  const corpus = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  const entries = corpus[property] ?? []
  if (!Array.isArray(entries)) throw new Error(`${file}: "${property}" must be an array of entries`)
  return entries.map((entry, index) => {
    const { seed, path, counterexample, found } = (entry ?? {}) as Partial<CorpusEntry>
    if (typeof seed !== 'number' || typeof path !== 'string') {
      throw new Error(`${file}: ${property}[${index}] needs a numeric seed and a string path`)
    }
    return { seed, path, counterexample: String(counterexample ?? ''), found: String(found ?? '') }
  })
}

import type { TestRecord, VerdictOptions } from './verdict.ts'

/** Beside verdict.json: what the verdict was computed from, so that anyone can compute it again (`verify`). */
export const RECORDS_FILE = 'records.json'

/**
 * Every test's record as the reporter built it, in the order the verdict read them, and the options it was
 * computed with: `computeVerdict(rules of the mode, records, options)` gives the archived verdict again.
 */
export interface VerdictRecords {
  schemaVersion: 1
  /** Which registry judged them: the server's rules, or client mode's. */
  mode: 'server' | 'client'
  options: VerdictOptions
  records: TestRecord[]
}

export function recordsFileText(
  mode: VerdictRecords['mode'],
  records: readonly TestRecord[],
  options: VerdictOptions = {},
): string {
  const document: VerdictRecords = { schemaVersion: 1, mode, options, records: [...records] }
  return `${JSON.stringify(document, null, 2)}\n`
}

import { readFileSync, writeFileSync } from 'node:fs'
import { accessTokensIn, gnapTokensIn, replaceTokens, tokenFingerprint } from './redact-tokens.ts'
import { readZip, writeZip, type ZipEntry } from './zip-entries.ts'

/**
 * A Playwright trace records every request as sent and every response as received, tokens included, in its
 * actions (`*.trace`), its network log (`*.network`), the bodies (`resources/`) and the steps' parameters (an
 * `expect` on a token value). The archive is rewritten with each token value replaced by its fingerprint: the
 * values the run's workers saw (`known`), and any the trace itself shows as a `GNAP` Authorization or an
 * `access_token` member, so a token obtained by another worker is found too.
 */
export function redactTraceArchive(path: string, known: Iterable<string>): void {
  const entries = readZip(readFileSync(path))
  const tokens = new Set([...known, ...entries.flatMap(tokensShownIn)])
  // Entries are read as latin1, one character per byte, so bytes that are not text come back unchanged; the
  // fingerprint goes in as its UTF-8 bytes.
  const shown = (value: string) => Buffer.from(tokenFingerprint(value), 'utf8').toString('latin1')
  const redacted = entries.map(
    (entry): ZipEntry => ({
      name: entry.name,
      data: Buffer.from(replaceTokens(entry.data.toString('latin1'), tokens, shown), 'latin1'),
    }),
  )
  writeFileSync(path, writeZip(redacted))
}

function tokensShownIn({ name, data }: ZipEntry): string[] {
  const text = data.toString('utf8')
  const headers = gnapTokensIn(text)
  if (!name.endsWith('.json')) return headers
  try {
    return [...headers, ...accessTokensIn(JSON.parse(text))]
  } catch {
    // A body that is not JSON holds no access_token member.
    return headers
  }
}

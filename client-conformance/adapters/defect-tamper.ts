import { spawn } from 'node:child_process'
import { contentDigest, type OutgoingRequest, type RequestOptions } from '../../clients/src/index.ts'
import type { Defect } from './defects.ts'

/**
 * The defects of the project client adapter that tamper with a request as a whole (its headers, its signature)
 * or with the adapter process, rather than with one step: applied to every request the adapter sends.
 */
export function tamperedRequest(defect: Defect | undefined, opts: RequestOptions): RequestOptions {
  if (defect === 'bearer-scheme' && opts.token !== undefined) {
    // Signed as sent: the signature covers the Bearer header, so only the scheme is wrong.
    const { token, ...rest } = opts
    return { ...rest, headers: { ...rest.headers, authorization: `Bearer ${token}` } }
  }
  if (defect === 'pretty-digest' && opts.json !== undefined) {
    const pretty = new TextEncoder().encode(JSON.stringify(opts.json, null, 2))
    return { ...opts, headers: { ...opts.headers, 'content-digest': contentDigest(pretty) } }
  }
  if (defect === 'signature-reused') return { ...opts, alter: reuseFirstSignature }
  return opts
}

let firstSignature: { signature: string; 'signature-input': string } | undefined

/**
 * The defect `signature-reused`: the first signature over a token (of the first resource request) goes on every
 * later request with a token; the signature names the right components and keyid, and verifies for none of them.
 */
function reuseFirstSignature(signed: OutgoingRequest): OutgoingRequest {
  const { signature, 'signature-input': input, authorization } = signed.headers
  if (signature === undefined || input === undefined || authorization === undefined) return signed
  firstSignature ??= { signature, 'signature-input': input }
  return { ...signed, headers: { ...signed.headers, ...firstSignature } }
}

/** The protocol faults: before the report, 20 MB on standard output, or a child left holding it open. */
export async function beforeReport(defect: Defect | undefined): Promise<void> {
  // Each megabyte written out before the next: process.exit after the report would cut pending writes short.
  const megabyte = 'x'.repeat(1024 * 1024)
  if (defect === 'huge-output')
    for (let mb = 0; mb < 20; mb++) await new Promise((written) => process.stdout.write(megabyte, written))
  // In a session of its own (detached: setsid), out of reach of a kill of the adapter's process group.
  if (defect === 'lingering-child')
    spawn('sleep', ['120'], { detached: true, stdio: ['ignore', 'inherit', 'ignore'] }).unref()
}

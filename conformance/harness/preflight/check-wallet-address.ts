import type { WalletAddress } from '@interledger/open-payments'
import { type Transport, undiciTransport } from '../../../clients/src/index.ts'

/** Long enough for any live server to answer a GET, short enough that a dead target stops the run in seconds. */
const PREFLIGHT_TIMEOUT_MS = 10_000

/**
 * The wallet address document at `url` and the required members it lacks or mistypes (`defects`, empty for a
 * complete document), or, in one line, why the URL does not lead to a wallet address at all: unreachable (DNS,
 * connection, TLS), no answer in time, not 200, not a JSON object, or a JSON object with none of the members only
 * a wallet address document has. That is the target file's mistake (or a server that is not up), so it stops a
 * run before any test. A document that lacks or mistypes a required member is the server's fault, not the
 * configuration's: the run's WA-DOC and GEN-SCHEMA checks judge it. The transport is a parameter so the request
 * can go wherever the target routes its identities.
 */
export async function fetchWalletAddress(
  url: string,
  transport: Transport = undiciTransport,
): Promise<{ document: WalletAddress; defects: string[] } | { problem: string }> {
  const response = await getJson(url, transport)
  if ('problem' in response) return response
  if (response.status !== 200) return { problem: `answered HTTP ${response.status}, not 200` }
  const body = response.json
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { problem: 'answered 200 but the body is not a JSON object' }
  const document = body as Record<string, unknown>
  if (!IDENTIFYING_MEMBERS.some((member) => member in document))
    return {
      problem: `answered 200 but not with a wallet address document (none of ${IDENTIFYING_MEMBERS.join(', ')})`,
    }
  return { document: body as WalletAddress, defects: defectsOf(document) }
}

/** The members of a wallet address document no other JSON answer is likely to have (`id` is too common). */
const IDENTIFYING_MEMBERS = ['assetCode', 'assetScale', 'authServer', 'resourceServer']

/** The required members (WA-DOC) the document lacks, or holds with the wrong type. */
function defectsOf(document: Record<string, unknown>): string[] {
  const defects = ['id', 'assetCode', 'authServer', 'resourceServer'].filter(
    (member) => typeof document[member] !== 'string',
  )
  if (typeof document.assetScale !== 'number') defects.push('assetScale')
  return defects
}

/** A GET of JSON within the pre-flight's time limit, or why it got no answer. */
export async function getJson(
  url: string,
  transport: Transport = undiciTransport,
): Promise<{ status: number; json: unknown } | { problem: string }> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${PREFLIGHT_TIMEOUT_MS / 1000} s`)),
      PREFLIGHT_TIMEOUT_MS,
    )
  })
  try {
    const response = await Promise.race([
      transport({ method: 'GET', url: new URL(url).href, headers: { accept: 'application/json' } }),
      timeout,
    ])
    return { status: response.status, json: response.json }
  } catch (error) {
    return { problem: reasonOf(error) }
  } finally {
    clearTimeout(timer)
  }
}

// undici wraps the socket error (ECONNREFUSED, ENOTFOUND) in `cause`; that is the part a reader needs.
export function reasonOf(error: unknown): string {
  const messages: string[] = []
  for (let at: unknown = error; at instanceof Error; at = at.cause) {
    const code = (at as { code?: unknown }).code
    messages.push(
      typeof code === 'string' && !at.message.includes(code) ? `${at.message} (${code})` : at.message,
    )
  }
  return messages.filter(Boolean).join(': ') || String(error)
}

import type { WalletAddress } from '@interledger/open-payments'
import { type Transport, undiciTransport } from '../../../clients/src/index.ts'

/** Long enough for any live server to answer a GET, short enough that a dead target stops the run in seconds. */
const PREFLIGHT_TIMEOUT_MS = 10_000

/**
 * Fetches one wallet address and says, in one line, why it cannot be used as one: unreachable, no answer in
 * time, not 200, or not a wallet address document. Undefined when it is usable. The transport is a parameter so
 * the request can go wherever the target routes its identities.
 */
export async function walletAddressProblem(
  url: string,
  transport: Transport = undiciTransport,
): Promise<string | undefined> {
  const fetched = await fetchWalletAddress(url, transport)
  return 'problem' in fetched ? fetched.problem : undefined
}

/** The wallet address document at `url`, or why there is none (as walletAddressProblem says it). */
export async function fetchWalletAddress(
  url: string,
  transport: Transport = undiciTransport,
): Promise<{ document: WalletAddress } | { problem: string }> {
  const response = await getJson(url, transport)
  if ('problem' in response) return response
  if (response.status !== 200) return { problem: `answered HTTP ${response.status}, not 200` }
  const problem = documentProblem(response.json)
  return problem ? { problem } : { document: response.json as WalletAddress }
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

function documentProblem(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return 'answered 200 but the body is not a JSON object'
  const document = body as Record<string, unknown>
  const missing = ['id', 'assetCode', 'authServer', 'resourceServer'].filter(
    (member) => typeof document[member] !== 'string',
  )
  if (typeof document.assetScale !== 'number') missing.push('assetScale')
  if (missing.length === 0) return undefined
  return `answered 200 but not with a wallet address document (no ${missing.join(', ')})`
}

// undici wraps the socket error (ECONNREFUSED, ENOTFOUND) in `cause`; that is the part a reader needs.
function reasonOf(error: unknown): string {
  const messages: string[] = []
  for (let at: unknown = error; at instanceof Error; at = at.cause) {
    const code = (at as { code?: unknown }).code
    messages.push(
      typeof code === 'string' && !at.message.includes(code) ? `${at.message} (${code})` : at.message,
    )
  }
  return messages.filter(Boolean).join(': ') || String(error)
}

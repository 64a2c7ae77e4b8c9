import { amountIn, type Discovery } from '../harness/discovery/discovery.ts'
import type { IssuedGrant } from '../harness/gnap/grant-types.ts'
import type { Grants } from '../harness/gnap/grants.ts'
import { typicalRequestMs } from '../harness/time/request-time.ts'
import type { TokenKind } from './operation-cases.ts'

/** One grant of each kind a resource operation needs, each with its own token (not the shared ones). */
export type GrantsByKind = Record<TokenKind, IssuedGrant>

/** Time for clocks and the grant response's transit: the server counts a token's life from before we receive it. */
const SKEW_MS = 1_000

/**
 * One grant of each kind, so that a test waits for their expiry once for every operation. The outgoing-payment
 * grant first: its consent may take long on a loaded machine, and the immediate grants' lives must not pass
 * meanwhile.
 */
export async function grantsOfEachKind(grants: Grants, discovery: Discovery): Promise<GrantsByKind> {
  const outgoing = await grantOf(grants, discovery, 'outgoing-payment')
  const [incoming, quote] = await Promise.all([
    grantOf(grants, discovery, 'incoming-payment'),
    grantOf(grants, discovery, 'quote'),
  ])
  return { 'incoming-payment': incoming, quote, 'outgoing-payment': outgoing }
}

function grantOf(grants: Grants, { sender, receiver }: Discovery, kind: TokenKind): Promise<IssuedGrant> {
  if (kind === 'incoming-payment') return grants.incomingPayment(receiver)
  if (kind === 'quote') return grants.quote(sender)
  return grants.outgoingPayment(sender, { limits: { debitAmount: amountIn(sender, 1000n) } })
}

/**
 * How long a token may still be presented as live, in ms: its `expires_in` from when it was received, less the
 * time the server may count from before that and one answer's time (the request may arrive that much later).
 * Infinity without `expires_in`.
 */
export function liveFor(issued: IssuedGrant, now = Date.now()): number {
  const seconds = issued.grant.access_token.expires_in
  if (seconds === undefined) return Number.POSITIVE_INFINITY
  return issued.issuedAt + seconds * 1000 - now - SKEW_MS - 2 * typicalRequestMs()
}

/**
 * The grants again, each whose token would not stay live `neededMs` more: a positive control never runs after the
 * lifetime it depends on (a consent, or preparing the requests, on a loaded machine can take most of a 60 s life).
 */
export async function renewShortLived(
  grants: Grants,
  discovery: Discovery,
  expiring: GrantsByKind,
  neededMs: number,
): Promise<GrantsByKind> {
  const renewed = { ...expiring }
  for (const kind of Object.keys(expiring) as TokenKind[]) {
    if (liveFor(expiring[kind]) < neededMs) renewed[kind] = await grantOf(grants, discovery, kind)
  }
  return renewed
}

/** Time to send `requests` positive controls one after another, as long as the run's answers take. */
export function controlsNeedMs(requests: number): number {
  return requests * 2 * typicalRequestMs() + 5_000
}

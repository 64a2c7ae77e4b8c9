import { amountIn, type Discovery } from '../harness/discovery/discovery.ts'
import type { IssuedGrant } from '../harness/gnap/grant-types.ts'
import type { Grants } from '../harness/gnap/grants.ts'
import type { TokenKind } from './operation-cases.ts'

/** One grant of each kind a resource operation needs, each with its own token (not the shared ones). */
export type GrantsByKind = Record<TokenKind, IssuedGrant>

/** One grant of each kind, obtained together, so that a test waits for their expiry once for every operation. */
export async function grantsOfEachKind(
  grants: Grants,
  { sender, receiver }: Discovery,
): Promise<GrantsByKind> {
  const [incoming, quote, outgoing] = await Promise.all([
    grants.incomingPayment(receiver),
    grants.quote(sender),
    grants.outgoingPayment(sender, { limits: { debitAmount: amountIn(sender, 1000n) } }),
  ])
  return { 'incoming-payment': incoming, quote, 'outgoing-payment': outgoing }
}

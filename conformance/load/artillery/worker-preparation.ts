import { amountIn } from '../../harness/discovery/discovery.ts'
import type { IssuedGrant } from '../../harness/gnap/grant-types.ts'
import { Resources } from '../../steps/resources.ts'
import type { BenchSession } from '../bench-session.ts'
import { GRANT_UNITS, type OperationName } from '../operations.ts'

/**
 * What every iteration of one operation needs, obtained once per Artillery worker as the home-made engine's
 * `prepare` does (the same grants, through the same consent driver), and when to obtain it again.
 */
export interface Preparation {
  /** Incoming payments: create and read. */
  incomingToken?: string
  quoteToken?: string
  /** Outgoing payments with a limit far above anything a run moves (create-outgoing-payment only). */
  outgoingToken?: string
  /** An incoming payment every quote of the run can go to without completing it. */
  bigReceiver?: string
  /** The incoming payment that get-incoming-payment reads. */
  readId?: string
  /** Date.now() past which the tokens are renewed before the next iteration. */
  renewAt: number
}

/** Renewed at this share of the shortest token lifetime, so no iteration runs on a token about to expire. */
const RENEW_SHARE = 0.8

export async function prepareOperation(session: BenchSession, name: OperationName): Promise<Preparation> {
  const { sender, receiver, unit } = session.discovery
  const grants: IssuedGrant[] = []
  const issue = async (grant: Promise<IssuedGrant>) => {
    const issued = await grant
    grants.push(issued)
    return issued.grant.access_token.value
  }
  const incoming = () => issue(session.grants(session.api()).incomingPayment(receiver, ['create', 'read']))
  const preparation: Omit<Preparation, 'renewAt'> = {}
  if (name === 'create-incoming-payment' || name === 'flow') preparation.incomingToken = await incoming()
  if (name === 'get-incoming-payment') {
    const token = await incoming()
    const created = await new Resources(session.api()).createIncomingPayment(token, receiver)
    Object.assign(preparation, { incomingToken: token, readId: created.id })
  }
  if (name === 'create-quote' || name === 'create-outgoing-payment' || name === 'flow')
    preparation.quoteToken = await issue(session.grants(session.api()).quote(sender))
  if (name === 'create-quote' || name === 'create-outgoing-payment') {
    const created = await new Resources(session.api()).createIncomingPayment(await incoming(), receiver, {
      incomingValue: unit * GRANT_UNITS * 10n,
    })
    preparation.bigReceiver = created.id
  }
  if (name === 'create-outgoing-payment') {
    const limits = { debitAmount: amountIn(sender, unit * GRANT_UNITS) }
    preparation.outgoingToken = await issue(session.grants(session.api()).outgoingPayment(sender, { limits }))
  }
  return { ...preparation, renewAt: renewAt(grants) }
}

/** A token without `expires_in` does not expire: nothing to renew. */
function renewAt(grants: readonly IssuedGrant[]): number {
  const expiries = grants.flatMap(({ grant, issuedAt }) => {
    const seconds = grant.access_token.expires_in
    return seconds === undefined ? [] : [issuedAt + seconds * 1000 * RENEW_SHARE]
  })
  return expiries.length === 0 ? Number.POSITIVE_INFINITY : Math.min(...expiries)
}

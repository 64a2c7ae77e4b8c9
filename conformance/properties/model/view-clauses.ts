import type { RuleRef } from '../../harness/rules/registry.ts'

/**
 * The clause each field of an incoming payment answers to, by the answer that shows it: a created payment's
 * walletAddress breaks IP-CREATE's echo, a listed one's IP-LIST. A failure is charged to what the view promised,
 * not to the whole rule (issue 49: a step attributes a failure to the clause its check is about).
 */
export interface ViewClauses {
  /**
   * The id create returned, where the view is a later one; none on create's own answer, whose id is the one the
   * model takes (comparing it with itself could not fail).
   */
  id?: RuleRef
  /** The walletAddress, incomingAmount and expiresAt create was given or returned. */
  walletAddress: RuleRef
  incomingAmount: RuleRef
  expiresAt: RuleRef
  metadata: RuleRef
}

/**
 * The clauses `completed` and `receivedAmount` answer to: what the last transition the model made promised (a
 * complete, a payment in, a refused one), or, where nothing happened since, what the view promises.
 */
export interface StateClauses {
  completed: RuleRef
  received: RuleRef
}

export const CREATED: ViewClauses = {
  walletAddress: 'IP-CREATE#wallet-address',
  incomingAmount: 'IP-CREATE#echo-incoming-amount',
  expiresAt: 'IP-CREATE#echo-expires-at',
  metadata: 'IP-METADATA#create',
}

/** Every field of the view to one clause (complete's answer: the spec shows it as the Incoming Payment, completed). */
export function answeredBy(clause: RuleRef, metadata: RuleRef = clause): ViewClauses {
  return { id: clause, walletAddress: clause, incomingAmount: clause, expiresAt: clause, metadata }
}

export const READ: ViewClauses = answeredBy('IP-GET#found', 'IP-METADATA#get')

export const LISTED: ViewClauses = answeredBy('IP-LIST', 'IP-METADATA#list')

/** Both members of the state answer to one clause. */
export function stateBy(clause: RuleRef): StateClauses {
  return { completed: clause, received: clause }
}

/** A view that follows no transition (a get, a list): its state answers to the clause its fields do. */
export function unchangedIn(view: ViewClauses): StateClauses {
  return stateBy(view.walletAddress)
}

/** Create's new payment: not completed, nothing received (IP-CREATE#created). */
export const NEW_PAYMENT: StateClauses = stateBy('IP-CREATE#created')

/**
 * After money was sent in: completion on receipt decides `completed` (reached with an incomingAmount, never without
 * one), and the receiver receiving what was sent, once, decides `receivedAmount`.
 */
export function afterReceiving(incomingAmount: bigint | undefined): StateClauses {
  return {
    completed:
      incomingAmount === undefined
        ? 'IP-COMPLETE-ON-RECEIPT#open-without-amount'
        : 'IP-COMPLETE-ON-RECEIPT#reaches-amount',
    received: 'OP-SETTLE#received-once',
  }
}

import type { WalletAddress } from '@interledger/open-payments'
import type { Discovery } from '../harness/discovery/discovery.ts'
import {
  ALL_INCOMING_ACTIONS,
  ALL_OUTGOING_ACTIONS,
  ALL_QUOTE_ACTIONS,
  type IncomingAccess,
  type OutgoingAccess,
  type QuoteAccess,
} from '../harness/gnap/grant-requests.ts'
import type { GrantTokens } from '../harness/gnap/shared-grants.ts'
import type { OperationCase, TokenKind } from '../steps/operation-cases.ts'

const FORBIDDEN = [403]
/** decisions.md: a resource the token may not see is forbidden, or not found (it does not exist for it). */
const FORBIDDEN_OR_HIDDEN = [403, 404]

/** The action each operation needs; the grant spent amounts accept any outgoing-payment action. */
const NEEDED: Record<string, string | undefined> = {
  'create-incoming-payment': 'create',
  'list-incoming-payments': 'list',
  'get-incoming-payment': 'read',
  'complete-incoming-payment': 'complete',
  'create-quote': 'create',
  'get-quote': 'read',
  'create-outgoing-payment': 'create',
  'list-outgoing-payments': 'list',
  'get-outgoing-payment': 'read',
  'get-outgoing-payment-grant': undefined,
}

export interface PermissionRow {
  name: string
  statuses: readonly number[]
  /** The token the row presents, or the reason the target cannot have one. */
  token(tokens: GrantTokens, discovery: Discovery): Promise<string>
}

/** "an incoming-payment token", "a quote token": the start of a row's name. */
function aToken(kind: TokenKind): string {
  return `${kind === 'quote' ? 'a' : 'an'} ${kind} token`
}

function without<T extends string>(all: readonly T[], action: string): T[] {
  return all.filter((a) => a !== action && a !== `${action}-all`)
}

function tokenOf(
  tokens: GrantTokens,
  kind: TokenKind,
  walletAddress: WalletAddress,
  actions: readonly string[],
): Promise<string> {
  const name = `${kind} ${walletAddress.id} ${actions.join(',')}`
  return tokens.token(name, (grants) =>
    kind === 'incoming-payment'
      ? grants.incomingPayment(walletAddress, actions as IncomingAccess['actions'])
      : kind === 'quote'
        ? grants.quote(walletAddress, actions as QuoteAccess['actions'])
        : grants.outgoingPayment(walletAddress, { actions: actions as OutgoingAccess['actions'] }),
  )
}

const ALL_ACTIONS: Record<TokenKind, readonly string[]> = {
  'incoming-payment': ALL_INCOMING_ACTIONS,
  quote: ALL_QUOTE_ACTIONS,
  'outgoing-payment': ALL_OUTGOING_ACTIONS,
}

/** The wallet address an operation's shared token names: the receiver for incoming payments, else the sender. */
export function addressedWallet(kind: TokenKind, discovery: Discovery): WalletAddress {
  return kind === 'incoming-payment' ? discovery.receiver : discovery.sender
}

/**
 * The tokens that must not be enough for an operation: one of the same type without the action it needs,
 * one of another type, and one for another wallet address (quote grants name no wallet address).
 */
export function permissionRows(operationCase: OperationCase): PermissionRow[] {
  const { token: kind } = operationCase
  const needed = NEEDED[operationCase.operation.operationId]
  const byId = operationCase.operation.operationId.startsWith('get-') && needed !== undefined
  const completes = operationCase.operation.operationId === 'complete-incoming-payment'
  const rows: PermissionRow[] = []
  if (needed !== undefined) {
    const actions = without(ALL_ACTIONS[kind], needed)
    rows.push({
      name: `${aToken(kind)} with ${actions.join(', ')} but not ${needed}`,
      statuses: FORBIDDEN,
      token: (tokens, discovery) => tokenOf(tokens, kind, addressedWallet(kind, discovery), actions),
    })
  }
  const otherKind: TokenKind = kind === 'quote' ? 'incoming-payment' : 'quote'
  rows.push({
    name: aToken(otherKind),
    statuses: FORBIDDEN,
    token: (tokens, discovery) => tokenOf(tokens, otherKind, discovery.sender, ALL_ACTIONS[otherKind]),
  })
  if (kind === 'outgoing-payment') {
    rows.push({
      name: 'an incoming-payment token for the same wallet address',
      statuses: FORBIDDEN,
      token: (tokens, discovery) =>
        tokenOf(tokens, 'incoming-payment', discovery.sender, ALL_INCOMING_ACTIONS),
    })
  }
  // The spent amounts belong to the token's own grant, whatever wallet address it names.
  if (kind !== 'quote' && needed !== undefined) {
    rows.push({
      name: `${aToken(kind)} whose identifier is the other wallet address`,
      statuses: byId || completes ? FORBIDDEN_OR_HIDDEN : FORBIDDEN,
      token: (tokens, discovery) => {
        const other = kind === 'incoming-payment' ? discovery.sender : discovery.receiver
        return tokenOf(tokens, kind, other, ALL_ACTIONS[kind])
      },
    })
  }
  return rows
}

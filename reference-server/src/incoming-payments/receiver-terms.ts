import type { IncomingPayment } from './model.ts'

/**
 * What never changes about an incoming payment once created: its asset, its incomingAmount and its expiry. Only
 * `completed` and `receivedAmount` change (completion, settlement), and nothing deletes one.
 */
export type ReceiverTerms = Pick<IncomingPayment, 'id' | 'asset' | 'incomingAmount' | 'expiresAt'>

export interface ReceiverTermsCache {
  get(id: string): ReceiverTerms | undefined
  remember(payment: ReceiverTerms): void
}

const MAX_CACHED = 10_000

/**
 * The terms of the incoming payments this process created or read, so that a quote to one costs one database
 * round trip, its insert, which also checks what may have changed (see quotes/service.ts). The oldest are
 * forgotten first; a forgotten or never-seen payment is read as before.
 */
export function createReceiverTermsCache(): ReceiverTermsCache {
  const known = new Map<string, ReceiverTerms>()
  return {
    get: (id) => known.get(id),
    remember: ({ id, asset, incomingAmount, expiresAt }) => {
      if (known.has(id)) return
      if (known.size >= MAX_CACHED) known.delete(known.keys().next().value ?? '')
      known.set(id, { id, asset, incomingAmount, expiresAt })
    },
  }
}

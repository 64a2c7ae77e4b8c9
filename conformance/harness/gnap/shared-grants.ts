import { amountIn, type Discovery } from '../discovery/discovery.ts'
import { needFoundation } from '../foundations/need-foundation.ts'
import type { GrantCache } from './grant-cache.ts'
import type { IssuedGrant } from './grant-types.ts'
import type { Grants } from './grants.ts'

/** What the run's shared outgoing-payment grant may spend, in units of `Discovery.unit`. */
export const SHARED_DEBIT_UNITS = 100_000n

/**
 * Grants obtained once per run, on first use (and again when their token would not outlive the test asking),
 * for tests that only use them: reads, and creations the tests do not count. Tests that change a grant (rotate,
 * revoke, spend to its limit) get their own. The cache passed in keeps them across the run's workers. Each waits
 * for the run's first stage to prove its kind of grant before looking in the cache: the stage's grant is then
 * there to reuse, rather than one more asked for (a consent, for an outgoing-payment grant) by every worker that
 * started beside the stage.
 */
export class SharedGrants {
  constructor(
    private readonly grants: Grants,
    private readonly discovery: Discovery,
    private readonly cache: GrantCache,
  ) {}

  /** Every incoming-payment action on the receiver, where the suite creates incoming payments. */
  async incomingPayment(): Promise<IssuedGrant> {
    await needFoundation('grant')
    return this.cache.get('incoming-payment', () => this.grants.incomingPayment(this.discovery.receiver))
  }

  async quote(): Promise<IssuedGrant> {
    await needFoundation('grant')
    return this.cache.get('quote', () => this.grants.quote(this.discovery.sender))
  }

  /** create, read and list on the sender, within SHARED_DEBIT_UNITS; needs the consent driver. */
  async outgoingPayment(): Promise<IssuedGrant> {
    await needFoundation('interactive-grant')
    return this.cache.get('outgoing-payment', () =>
      this.grants.outgoingPayment(this.discovery.sender, {
        limits: { debitAmount: amountIn(this.discovery.sender, SHARED_DEBIT_UNITS * this.discovery.unit) },
      }),
    )
  }

  async token(kind: 'incoming-payment' | 'quote' | 'outgoing-payment'): Promise<string> {
    const issued =
      kind === 'incoming-payment'
        ? await this.incomingPayment()
        : kind === 'quote'
          ? await this.quote()
          : await this.outgoingPayment()
    return issued.grant.access_token.value
  }
}

/** Tokens of grants with exactly the access a row needs, obtained once per run by name. */
export interface GrantTokens {
  token(name: string, obtain: (grants: Grants) => Promise<IssuedGrant>): Promise<string>
}

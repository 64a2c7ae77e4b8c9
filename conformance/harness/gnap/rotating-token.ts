import { settlementTimeoutMs } from '../target/ase-settings.ts'
import type { IssuedGrant, IssuedToken } from './grant-types.ts'

/** Rotation keeps the grant: a new grant would do too, but would start its spent amounts and limits again. */
export interface TokenRotator {
  rotate(token: IssuedToken): Promise<IssuedToken>
}

/**
 * How long one use of a token may last: a settlement wait polls with the token it was given for the target's
 * settlement time, and a request or two besides. A token with less of its life left is rotated first: a 300 s token
 * used for a 90 s settlement wait (waits.settlementSeconds) near its end was refused mid-poll, and the 401 charged
 * to OP-GET, at a target settling in batches and answering 1 to 4 s late.
 */
function longestUseMs(): number {
  return settlementTimeoutMs() + 30_000
}

/**
 * The token of a grant that a test keeps for itself (its limits, what it has spent) over a long stretch:
 * rotated at the authorization server (TOKEN-ROTATE) before its `expires_in` is nearly up, so the test never
 * sends a token the target may already have expired.
 */
export class RotatingToken {
  #token: IssuedToken
  #issuedAt: number
  /** The rotation under way: uses that find the token due meanwhile wait for it rather than rotate it again. */
  #rotating: Promise<void> | undefined

  constructor(
    private readonly rotator: TokenRotator,
    issued: Pick<IssuedGrant, 'grant' | 'issuedAt'>,
    private readonly now: () => number = Date.now,
    private readonly longestUse: number = longestUseMs(),
  ) {
    this.#token = issued.grant.access_token
    this.#issuedAt = issued.issuedAt
  }

  async value(): Promise<string> {
    await this.#rotating
    const lifetime = this.#token.expires_in
    if (lifetime !== undefined) {
      // A short-lived token is rotated at half its life, so rotation never becomes every use.
      const margin = Math.min(this.longestUse, (lifetime * 1000) / 2)
      if (this.#issuedAt + lifetime * 1000 - this.now() < margin) {
        // Once: two payments sent at once both found the token due, and the second rotation of the same token
        // was rightly refused (400 invalid_rotation), charged to TOKEN-ROTATE (answers 1 to 4 s late).
        this.#rotating ??= this.#rotate().finally(() => {
          this.#rotating = undefined
        })
        await this.#rotating
      }
    }
    return this.#token.value
  }

  async #rotate(): Promise<void> {
    this.#token = await this.rotator.rotate(this.#token)
    this.#issuedAt = this.now()
  }
}

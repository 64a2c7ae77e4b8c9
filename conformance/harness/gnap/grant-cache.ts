import type { IssuedGrant } from './grant-types.ts'

/**
 * A fresh token must still be good for this long less this margin to be worth having: a token is renewed at most
 * once per margin, however long the test asking for it may run.
 */
const RENEWAL_MARGIN_MS = 5_000

/** Grants kept for reuse by key, renewed when their token would not outlive the test that asks for it. */
export class GrantCache {
  readonly #cache = new Map<string, Promise<IssuedGrant>>()

  /** `neededFor()`: how long a token handed out now must stay valid (undefined: for as long as it lives). */
  constructor(
    private readonly neededFor: () => number | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, obtain: () => Promise<IssuedGrant>): Promise<IssuedGrant> {
    const cached = this.#cache.get(key)
    const issued = await cached?.catch(() => undefined)
    if (cached && issued && !this.#expiresTooSoon(issued)) return cached
    const fresh = obtain()
    // A failed request is tried again by the next caller rather than failing every test after it.
    fresh.catch(() => {
      if (this.#cache.get(key) === fresh) this.#cache.delete(key)
    })
    this.#cache.set(key, fresh)
    return fresh
  }

  #expiresTooSoon({ grant, issuedAt }: IssuedGrant): boolean {
    const lifetime = grant.access_token.expires_in
    if (lifetime === undefined) return false
    const left = issuedAt + lifetime * 1000 - this.now()
    // A test that outlasts any token gets the freshest there is, not a new one on every call.
    const needed = Math.min(this.neededFor() ?? Infinity, lifetime * 1000 - RENEWAL_MARGIN_MS)
    return left <= 0 || left < needed
  }
}

import { registerRenewableToken } from '../http/renewable-tokens.ts'
import type { IssuedGrant } from './grant-types.ts'
import type { GrantStore } from './run-grant-store.ts'

/**
 * A fresh token must still be good for this long less this margin to be worth having: a token is renewed at most
 * once per margin, however long the test asking for it may run.
 */
const RENEWAL_MARGIN_MS = 5_000

/**
 * Grants kept for reuse by key, renewed when their token would not outlive the test that asks for it, or once a
 * request finds it ended (renewable-tokens.ts: GNAP lets a server end a token before any time it announced). With
 * a store, a grant another worker of the run obtained is used before a new one is asked for.
 */
export class GrantCache {
  readonly #cache = new Map<string, Promise<IssuedGrant>>()
  /** Token values a request found ended: never handed out again, whichever worker stored them. */
  readonly #ended = new Set<string>()
  readonly #renewals = new Map<string, Promise<string>>()
  readonly #now: () => number
  readonly #store: GrantStore | undefined

  /** `neededFor()`: how long a token handed out now must stay valid (undefined: for as long as it lives). */
  constructor(
    private readonly neededFor: () => number | undefined,
    { now = Date.now, store }: { now?: () => number; store?: GrantStore } = {},
  ) {
    this.#now = now
    this.#store = store
  }

  async get(key: string, obtain: () => Promise<IssuedGrant>): Promise<IssuedGrant> {
    for (const candidate of [this.#cache.get(key), this.#stored(key)]) {
      const issued = await candidate?.catch(() => undefined)
      if (!candidate || !issued || this.#ended.has(tokenValue(issued)) || this.#expiresTooSoon(issued))
        continue
      this.#cache.set(key, candidate)
      this.#keep(key, issued, obtain)
      return candidate
    }
    const fresh = obtain()
    fresh.then(
      (issued) => {
        this.#store?.write(key, issued)
        this.#keep(key, issued, obtain)
      },
      // A failed request is tried again by the next caller rather than failing every test after it.
      () => {
        if (this.#cache.get(key) === fresh) this.#cache.delete(key)
      },
    )
    this.#cache.set(key, fresh)
    return fresh
  }

  /** Lets a request that finds the token ended get a fresh one (conformance-api.ts). */
  #keep(key: string, issued: IssuedGrant, obtain: () => Promise<IssuedGrant>): void {
    const value = tokenValue(issued)
    registerRenewableToken(value, {
      issuedAt: issued.issuedAt,
      ...(issued.grant.access_token.expires_in === undefined
        ? {}
        : { expiresIn: issued.grant.access_token.expires_in }),
      renew: () => this.#renew(key, value, obtain),
    })
  }

  /**
   * The fresh token for an ended one: the grant is renewed once, and every later request that still presents the
   * ended token (a test holds a token for a whole walk) is sent with the same fresh one, or with its own renewal
   * when that one has ended too.
   */
  async #renew(key: string, ended: string, obtain: () => Promise<IssuedGrant>): Promise<string> {
    let renewal = this.#renewals.get(ended)
    if (!renewal) {
      this.#ended.add(ended)
      renewal = this.get(key, obtain).then(tokenValue)
      this.#renewals.set(ended, renewal)
      // A grant request that failed is tried again by the next request that finds the token ended.
      renewal.catch(() => this.#renewals.delete(ended))
    }
    const fresh = await renewal
    return this.#renewals.has(fresh) ? this.#renew(key, fresh, obtain) : fresh
  }

  #stored(key: string): Promise<IssuedGrant> | undefined {
    const issued = this.#store?.read(key)
    return issued && Promise.resolve(issued)
  }

  #expiresTooSoon({ grant, issuedAt }: IssuedGrant): boolean {
    const lifetime = grant.access_token.expires_in
    if (lifetime === undefined) return false
    const left = issuedAt + lifetime * 1000 - this.#now()
    // A test that outlasts any token gets the freshest there is, not a new one on every call; a token shorter-lived
    // than twice the margin is renewed at half its life rather than handed out to its last millisecond.
    const margin = Math.min(RENEWAL_MARGIN_MS, (lifetime * 1000) / 2)
    const needed = Math.min(this.neededFor() ?? Infinity, lifetime * 1000 - margin)
    return left <= 0 || left < needed
  }
}

function tokenValue(issued: IssuedGrant): string {
  return issued.grant.access_token.value
}

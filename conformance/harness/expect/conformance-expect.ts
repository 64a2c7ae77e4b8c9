import { expect as base, test } from '@playwright/test'
import type { Exchange } from '../../../clients/src/index.ts'
import { exchangeRef, formatExchange } from '../http/format-exchange.ts'
import { rule } from '../rules/covers.ts'
import { observe } from '../rules/observations.ts'
import type { RuleRef } from '../rules/registry.ts'
import { refsNamedIn, refText } from '../rules/rules-named-in.ts'

/**
 * Playwright's expect plus the suite's matchers, the only `expect` of the suite (a lint rule says so).
 *
 * `toAnswer` is the one way to say "the server must answer this": `expect(exchange).toAnswer(201, 'IP-CREATE',
 * 'creating an incoming payment')`. Its failure message starts with the rule's `[RULE-ID]` prefix, so the verdict
 * fails that rule, says what the server answered and what the spec requires, and shows the exchange (request,
 * response, a curl line that replays it).
 *
 * Every assertion that names its rule (`toAnswer`, or a message made by `rule(ID, ...)`) records, when it holds, a
 * passing observation of that rule on the running test: the verdict's evidence that a check of the rule ran and
 * saw a right answer (conformance/harness/rules/observations.ts). A failing one fails the test with the rule's
 * prefix, which charges the rule.
 *
 * `toBeOneOf` reads the right way round: what the server answered, then what the spec allows
 * (`expect(allowed).toContain(actual)` would present the allowed list as the answer).
 */
const extended = base.extend({
  toAnswer(received: Exchange, statuses: number | readonly number[], ruleId: RuleRef, what: string) {
    const allowed: readonly number[] = typeof statuses === 'number' ? [statuses] : statuses
    const status = (received as Partial<Exchange> | undefined)?.response?.status
    const pass = status !== undefined && allowed.includes(status)
    if (pass && !this.isNot) observe(ruleId, 'pass', `${what}: answered ${status}`, exchangeRef(received))
    const required = allowed.join(' or ')
    const message = () => {
      if (status === undefined) return rule(ruleId, `${what}: no exchange to judge (got ${String(received)})`)
      const answered = `${what}: the server answered ${status}; the spec requires ${pass ? 'anything but ' : ''}${required}`
      return `${rule(ruleId, answered)}\n\n${formatExchange(received)}`
    }
    return { pass, name: 'toAnswer', expected: statuses, actual: status, message }
  },
  toBeOneOf(received: unknown, allowed: readonly unknown[]) {
    const pass = allowed.includes(received)
    const answered = this.utils.printReceived(received)
    const required = allowed.map((value) => this.utils.printExpected(value)).join(' or ')
    return {
      pass,
      name: 'toBeOneOf',
      expected: allowed,
      actual: received,
      message: () =>
        pass
          ? `the server answered ${answered}; the spec requires anything but ${required}`
          : `the server answered ${answered}; the spec requires ${required}`,
    }
  },
})

type Matchers = Record<string | symbol, unknown>

function errorCount(): number {
  try {
    return test.info().errors.length
  } catch {
    return 0
  }
}

/** The matchers of one `expect(value, message)`, recording a passing observation of each rule the message names. */
function observing<T extends object>(matchers: T, rules: readonly string[], message: string): T {
  return new Proxy(matchers, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown
      // `.not`, `.resolves`, `.rejects` are matchers too.
      if (typeof value === 'object' && value !== null) return observing(value, rules, message)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        // A soft assertion that fails does not throw: it adds to the test's errors.
        const errorsBefore = errorCount()
        const held = () => {
          if (errorCount() !== errorsBefore) return
          for (const id of rules) observe(id, 'pass', message)
        }
        const result = (value as (...a: unknown[]) => unknown).apply(target, args)
        if (result instanceof Promise) {
          return result.then((resolved) => {
            held()
            return resolved
          })
        }
        held()
        return result
      }
    },
  }) as T & Matchers
}

/** `expect` or `expect.soft`, whose messages naming a rule record what held. */
function observed<F extends (...args: never[]) => unknown>(assert: F): F {
  return new Proxy(assert, {
    apply(target, thisArg, args: Parameters<F>) {
      const matchers = Reflect.apply(target, thisArg, args) as object
      const message = typeof args[1] === 'string' ? (args[1] as string) : undefined
      const rules = message ? refsNamedIn(message).map(refText) : []
      return rules.length > 0 ? observing(matchers, rules, message!) : matchers
    },
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver)
      return property === 'soft' ? observed(value as F) : value
    },
  })
}

export const expect = observed(extended)

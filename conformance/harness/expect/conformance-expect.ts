import { expect as base } from '@playwright/test'
import type { Exchange } from '../../../clients/src/index.ts'
import { formatExchange } from '../http/format-exchange.ts'
import { rule } from '../rules/covers.ts'
import type { RuleId } from '../rules/registry.ts'

/**
 * Playwright's expect plus the suite's matchers, the only `expect` of the suite (a lint rule says so).
 *
 * `toAnswer` is the one way to say "the server must answer this": `expect(exchange).toAnswer(201, 'IP-CREATE',
 * 'creating an incoming payment')`. Its failure message starts with the rule's `[RULE-ID]` prefix, so the verdict
 * fails that rule, says what the server answered and what the spec requires, and shows the exchange (request,
 * response, a curl line that replays it).
 *
 * `toBeOneOf` reads the right way round: what the server answered, then what the spec allows
 * (`expect(allowed).toContain(actual)` would present the allowed list as the answer).
 */
export const expect = base.extend({
  toAnswer(received: Exchange, statuses: number | readonly number[], ruleId: RuleId, what: string) {
    const allowed: readonly number[] = typeof statuses === 'number' ? [statuses] : statuses
    const status = (received as Partial<Exchange> | undefined)?.response?.status
    const pass = status !== undefined && allowed.includes(status)
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

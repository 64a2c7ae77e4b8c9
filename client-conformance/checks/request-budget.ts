import type { Check } from './check.ts'

/**
 * Requests one scenario may take: the longest (long-list) needs about ten, a client's own retries a few more. A
 * client past it is looping (a list walked without its cursor, a retry without end); the suite stops it there.
 */
export const REQUEST_BUDGET = 100

/**
 * A looping client breaks the list walk (CL-LIST-WALK) wherever it loops. Where the scenario names that rule,
 * its own check (listWalked) reports the budget too; elsewhere a client within its budget says nothing here.
 */
export const withinBudget: Check = (run) => {
  const declared = (run.scenario.rules as readonly string[]).includes('CL-LIST-WALK')
  const over = budgetViolation(run.exchanges.length)
  return declared || !over ? [] : [{ rule: 'CL-LIST-WALK', observed: 1, violations: [over] }]
}

export function budgetViolation(requests: number): { message: string } | undefined {
  return requests > REQUEST_BUDGET
    ? {
        message: `the client sent ${requests} requests in one scenario (its budget is ${REQUEST_BUDGET}): it loops, e.g. over a list without following its cursor`,
      }
    : undefined
}

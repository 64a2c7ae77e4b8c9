/**
 * The Playwright projects whose tests make the verdict (playwright.config.ts), in the order they start. The
 * tests that mostly wait (an expiry, an interval) have projects of their own, listed first, so that their waits
 * overlap the rest of the run instead of ending it; the longest of them (a token's lifetime) starts before all.
 * The reference server's ledger check is not one of them.
 */
export const VERDICT_PROJECTS = {
  /** The foundation steps, first (conformance/tests/foundations.spec.ts): the other projects' tests wait for them. */
  foundations: 'foundations',
  longestWaits: 'conformance-longest-waits',
  longWaits: 'conformance-long-waits',
  rest: 'conformance',
} as const

const NAMES: readonly string[] = Object.values(VERDICT_PROJECTS)

export function isVerdictProject(name: string | undefined): boolean {
  return name !== undefined && NAMES.includes(name)
}

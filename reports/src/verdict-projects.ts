/**
 * The Playwright projects whose tests make the verdict (playwright.config.ts), in the order they start. The
 * tests that mostly wait (an expiry, an interval) have a project of their own, listed first, so that their waits
 * overlap the rest of the run instead of ending it. The reference server's ledger check is not one of them.
 */
export const VERDICT_PROJECTS = {
  longWaits: 'conformance-long-waits',
  rest: 'conformance',
} as const

export function isVerdictProject(name: string | undefined): boolean {
  return name === VERDICT_PROJECTS.longWaits || name === VERDICT_PROJECTS.rest
}

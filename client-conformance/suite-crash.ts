/**
 * The suite itself failed while running a scenario (a check threw, the ASE stopped answering): no verdict can be
 * given, and the command exits 2 (could not run), never 1, which CI would read as NOT CONFORMANT.
 */
export class SuiteCrash extends Error {
  constructor(
    readonly scenario: string,
    cause: unknown,
  ) {
    super(
      `the suite failed in scenario ${scenario}: ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}`,
      { cause },
    )
  }
}

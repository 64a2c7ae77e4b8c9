import fc from 'fast-check'

/**
 * fc.assert, but the failure's own message comes first: a `[RULE-ID]` prefix must start a line for the
 * verdict to blame the right rule, and fast-check would otherwise put it behind "Got error:". The report that
 * follows carries the seed and path that replay the counterexample.
 */
export async function assertProperty<Ts>(
  property: fc.IAsyncPropertyWithHooks<Ts>,
  parameters: fc.Parameters<Ts>,
): Promise<void> {
  const details = await fc.check(property, parameters)
  if (!details.failed) return
  const error = details.errorInstance
  const cause = error instanceof Error ? error.message : String(error ?? 'interrupted before any failure')
  throw new Error(`${cause}\n\n${fc.defaultReportMessage(details) ?? ''}`)
}

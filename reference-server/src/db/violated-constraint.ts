/**
 * The name of the constraint a database error reports as violated (SQLSTATE class 23, integrity constraint
 * violation), or undefined for any other error. Both drivers report it the same way.
 */
export function violatedConstraint(error: unknown): string | undefined {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown }
  return typeof code === 'string' && code.startsWith('23') && typeof constraint === 'string'
    ? constraint
    : undefined
}

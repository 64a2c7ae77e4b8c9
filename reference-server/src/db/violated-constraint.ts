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

/** `table.column` of a not-null constraint a database error reports as violated, or undefined. */
export function refusedNull(error: unknown): string | undefined {
  const { code, table, column } = (error ?? {}) as { code?: unknown; table?: unknown; column?: unknown }
  return code === '23502' && typeof table === 'string' && typeof column === 'string'
    ? `${table}.${column}`
    : undefined
}

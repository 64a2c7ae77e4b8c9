const PREFIX = /^\[([A-Z0-9-]+)\]/

/** Rules named in a message's `[RULE-ID]` prefixes (an assertion message may be wrapped by expect's output). */
export function rulesNamedIn(message: string): string[] {
  const named = message
    .split('\n')
    .map((line) => PREFIX.exec(line.replace(/^\s*([A-Za-z]*Error:\s*)?/, ''))?.[1])
    .filter((id): id is string => Boolean(id))
  return [...new Set(named)]
}

import type { Exchange } from '../../clients/src/index.ts'
import { StepFailure } from './adapter-io.ts'
import type { Defect } from './defects.ts'

type Json = Record<string, unknown>

/**
 * The project client adapter's reading of an answer: a success is its body; a failure becomes the error the
 * caller sees (status, and the envelope's code and description).
 */
export function answer({ request, response }: Exchange, defect?: Defect): Json {
  if (response.status >= 200 && response.status < 300) return (response.json ?? {}) as Json
  const envelope = (response.json as { error?: { code?: string; description?: string } } | undefined)?.error
  const message = `${request.method} ${request.url} answered ${response.status}`
  // The defect error-swallowed: the caller hears that something failed, not the status and code.
  if (defect === 'error-swallowed') throw new StepFailure({ message: 'the request failed' })
  throw new StepFailure({
    status: response.status,
    ...(envelope?.code ? { code: envelope.code } : {}),
    ...(envelope?.description ? { description: envelope.description } : {}),
    message,
  })
}

/** The defect `amounts-as-numbers`: every amount value read back through a JS number. */
export function numberAmounts(name: string, value: unknown): unknown {
  return name === 'value' && typeof value === 'string' && /^\d+$/.test(value) ? String(Number(value)) : value
}

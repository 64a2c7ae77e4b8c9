import type { RequestListener, ServerResponse } from 'node:http'

/**
 * ANSWERS_LATE_MS, a test-only switch: every answer of both servers leaves from `minMs` to `maxMs` late, drawn
 * anew for each answer (Math.random, not seeded: with requests answered concurrently, no seed would give a
 * request the same delay twice). The maintainers' runs set it to prove the suite judges a correct server far away
 * as it judges this one (reference-run/late-answers.ts); nothing else should.
 */
export interface LateAnswers {
  minMs: number
  maxMs: number
}

/** The most an answer may be held: beyond it, the suite's own time limits decide, which is not what this proves. */
export const MAX_LATE_ANSWER_MS = 60_000

/** "MIN-MAX" in milliseconds, MIN <= MAX <= MAX_LATE_ANSWER_MS, or why not. */
export function parseLateAnswers(raw: string): LateAnswers | { problem: string } {
  const match = /^(\d{1,6})-(\d{1,6})$/.exec(raw)
  const [minMs, maxMs] = match ? [Number(match[1]), Number(match[2])] : [Number.NaN, Number.NaN]
  if (!(minMs <= maxMs && maxMs <= MAX_LATE_ANSWER_MS))
    return { problem: `must be MIN-MAX milliseconds, MIN <= MAX <= ${MAX_LATE_ANSWER_MS} (got "${raw}")` }
  return { minMs, maxMs }
}

/**
 * `listener` itself when `late` is undefined, so a normal server pays nothing; else a listener that holds each
 * answer once it is complete: the request is handled at once and the answer leaves late, as from a server far
 * away, whose clocks (a quote's `expiresAt`, a token's life) ran while the answer travelled.
 */
export function answeringLate(
  listener: RequestListener,
  late: LateAnswers | undefined,
  random: () => number = Math.random,
): RequestListener {
  if (late === undefined) return listener
  return (req, res) => {
    holdEnd(res, late.minMs + random() * (late.maxMs - late.minMs))
    listener(req, res)
  }
}

/** Nothing of the answer is sent before `end`: Node writes the head with the first body bytes, and no route streams. */
function holdEnd(res: ServerResponse, delayMs: number): void {
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse
  res.end = ((...args: unknown[]) => {
    setTimeout(() => end(...args), delayMs)
    return res
  }) as ServerResponse['end']
}

/** Times the part of an iteration that is the operation measured (the rest is its set-up, say a quote). */
export type Measure = <T>(step: () => Promise<T>) => Promise<T>

/** One iteration of an operation; throws when the target's answer is wrong (see outcome.ts). */
export type Iteration = (measure: Measure) => Promise<void>

export interface LoadLimits {
  /** Iterations in flight at once. */
  concurrency: number
  /** No iteration starts after this. */
  durationMs: number
  /** No iteration starts once this many have. */
  maxIterations: number
}

export interface LoadSample {
  /** The measured step's time, else the whole iteration's. */
  ms: number
  /** What went wrong (see outcome.ts), or undefined when the answer was right. */
  error?: string
}

export interface LoadRun {
  samples: LoadSample[]
  /** From the first start to the last end. */
  elapsedMs: number
}

/**
 * `concurrency` loops, each starting one iteration after another until the duration or the count is reached.
 * An iteration in flight then finishes (every request has its own time limit), so the run is bounded both ways.
 */
export async function runLoad(
  limits: LoadLimits,
  iterate: Iteration,
  describeError: (error: unknown) => string,
): Promise<LoadRun> {
  const samples: LoadSample[] = []
  const started = performance.now()
  const deadline = started + limits.durationMs
  let begun = 0
  const loop = async () => {
    while (begun < limits.maxIterations && performance.now() < deadline) {
      begun++
      const iterationStart = performance.now()
      let measured: number | undefined
      const measure: Measure = async (step) => {
        const stepStart = performance.now()
        try {
          return await step()
        } finally {
          measured = performance.now() - stepStart
        }
      }
      try {
        await iterate(measure)
        samples.push({ ms: measured ?? performance.now() - iterationStart })
      } catch (error) {
        samples.push({ ms: measured ?? performance.now() - iterationStart, error: describeError(error) })
      }
    }
  }
  await Promise.all(Array.from({ length: limits.concurrency }, loop))
  return { samples, elapsedMs: performance.now() - started }
}

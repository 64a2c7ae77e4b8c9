/**
 * The console stays silent at most 10 s: a line after 9, since a timer fires late on a busy machine (by up to a
 * second at load 20).
 */
const SILENCE_MS = 9_000

/**
 * Runs `work`, saying so first and then every 9 s until it ends, with the seconds it has taken: a step at the end
 * of a run (the Allure site, the archive) can take long on a busy machine, and silence there reads as a hang.
 */
export async function withProgressLines<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now()
  console.log(label)
  const timer = setInterval(
    () =>
      console.log(
        `  … still ${label.charAt(0).toLowerCase()}${label.slice(1)} (${Math.round((Date.now() - started) / 1000)} s)`,
      ),
    SILENCE_MS,
  )
  try {
    return await work()
  } finally {
    clearInterval(timer)
  }
}

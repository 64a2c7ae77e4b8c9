/** The longest the console stays silent while the command works. */
const SILENCE_MS = 10_000

/**
 * Runs `work`, saying so first and then every 10 s until it ends, with the seconds it has taken: a step at the end
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

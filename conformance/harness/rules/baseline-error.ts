/** A baseline file that cannot be used, with every problem found in it. */
export class BaselineError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`baseline ${file} is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'BaselineError'
  }
}

/** A target file that cannot be used, with every problem found in it, each naming its field. */
export class TargetFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`target file ${file} is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'TargetFileError'
  }
}

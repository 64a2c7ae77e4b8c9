/** A client target file that cannot be used, with every problem found in it. */
export class ClientTargetError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(
      `client target file ${file} is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
        'See docs/client-conformance.md (the client target file).',
    )
    this.name = 'ClientTargetError'
  }
}

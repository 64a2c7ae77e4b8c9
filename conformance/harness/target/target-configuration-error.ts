/**
 * The target file, or what the target serves, does not let the suite run (wrong assets, no consent driver):
 * a problem of the set-up, reported as such rather than as a rule the target breaks.
 */
export class TargetConfigurationError extends Error {
  override name = 'TargetConfigurationError'

  constructor(message: string) {
    super(`target configuration: ${message}\nSee conformance/harness/target/README.md.`)
  }
}

/** REFERENCE_PORT pins ports something else already listens on: one line naming the setting, no stack trace. */
export class PortTakenError extends Error {
  override name = 'PortTakenError'
}

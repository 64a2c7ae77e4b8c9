/**
 * An incoming payment's `sharedSecret` lets whoever holds it send into the payment over STREAM: reports are
 * shared, so each shows only its first characters, enough to tell two apart. The checks read the response
 * itself; only what is shown is shortened.
 */
const SHARED_SECRET = /("sharedSecret"\s*:\s*")([A-Za-z0-9_\-+/=]{9,})"/g
const SHOWN = 6

export function shortenSharedSecrets(text: string): string {
  return text.replace(
    SHARED_SECRET,
    (_, opening: string, secret: string) =>
      `${opening}${secret.slice(0, SHOWN)}… (${secret.length} characters)"`,
  )
}

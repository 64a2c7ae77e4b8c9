// Wallet addresses live at PUBLIC_URL/<name>, beside the resource server's own top-level routes. A wallet
// address with one of these names would be shadowed by, or would shadow, a route.
export const RESERVED_NAMES: readonly string[] = [
  'incoming-payments',
  'outgoing-payments',
  'quotes',
  'outgoing-payment-grant',
  'healthz',
]

// One lowercase path segment: no escaping in URLs, no "." or ".." segments, no case-only duplicates.
const NAME_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/

/** Why `name` cannot be a wallet address name, or undefined when it can. */
export function walletAddressNameProblem(name: string): string | undefined {
  if (!NAME_PATTERN.test(name)) {
    return 'must be 1 to 64 characters: lowercase letters, digits, "-" or "_", starting with a letter or digit'
  }
  if (RESERVED_NAMES.includes(name)) {
    return `"${name}" is reserved for a server route (reserved: ${RESERVED_NAMES.join(', ')})`
  }
  return undefined
}

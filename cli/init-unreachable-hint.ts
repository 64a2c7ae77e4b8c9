import type { TemplateName } from '../conformance/harness/target/target-templates.ts'

/**
 * What to try when `init` cannot connect to an https:// wallet address with no route for it: a server that
 * serves `https://` identities over plain http (Rafiki on loopback, or any server behind a TLS terminator that is
 * not running) is reached through `routes`, which the rafiki template writes. Undefined when the failure says
 * something else (a 404, a certificate), where the problem alone is the better guide.
 */
export function unreachableHint(
  walletAddress: string,
  problem: string,
  template: TemplateName,
): string | undefined {
  if (template !== 'generic' || !/ECONNREFUSED|ECONNRESET|EPROTO/.test(problem)) return undefined
  const url = new URL(walletAddress)
  if (url.protocol !== 'https:') return undefined
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
  return [
    `  ${url.origin} does not answer https. If it is a Rafiki${loopback ? ' on this machine' : ''}, its wallet addresses`,
    '  are https:// identities its backend serves over plain http (port 80): --template rafiki reaches them there',
    '  (it writes a route for them).',
    '  Any other server whose https:// identities answer elsewhere: write "routes" in the target file, see',
    '  conformance/harness/target/README.md#routes-identities-behind-a-proxy.',
  ].join('\n')
}

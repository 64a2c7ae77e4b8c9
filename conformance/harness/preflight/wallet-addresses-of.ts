import type { TargetFile } from '../target/target-file.ts'

/** Every wallet address the suite will need, named by where the target file gives it. */
export function walletAddressesOf(target: TargetFile): [field: string, url: string][] {
  const fields: [string, string][] = Object.entries(target.walletAddresses)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([role, url]) => [`walletAddresses.${role}`, url])
  if ('walletAddress' in target.client) fields.push(['client.walletAddress', target.client.walletAddress])
  if (target.secondClient) fields.push(['secondClient.walletAddress', target.secondClient.walletAddress])
  return fields
}

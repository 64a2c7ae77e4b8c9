import { isIP } from 'node:net'
import type { Discovery } from '../harness/discovery/discovery.ts'
import type { Routing } from '../harness/http/routing.ts'

/** Whether a URL's host is this machine: localhost, 127.0.0.0/8 or ::1. */
export function isLoopback(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1')
  if (host === 'localhost' || host.endsWith('.localhost')) return true
  if (isIP(host) === 4) return host.startsWith('127.')
  return host === '::1'
}

/**
 * The servers a load run would send to that are not on this machine (after the target's routes): the wallet
 * addresses' hosts, their resource servers and authorization servers. A load run is a burst of traffic, so by
 * default it only goes to servers on this machine.
 */
export function remoteServers(discovery: Discovery, routing: Routing): string[] {
  const urls = [discovery.sender, discovery.receiver].flatMap((walletAddress) => [
    walletAddress.id,
    walletAddress.resourceServer,
    walletAddress.authServer,
  ])
  const sentTo = urls.map((url) => routing.resolve(url)?.url ?? url)
  return [...new Set(sentTo.filter((url) => !isLoopback(url)).map((url) => new URL(url).origin))]
}

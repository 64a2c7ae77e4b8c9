import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'

/**
 * Ports on 127.0.0.1, where every plan of the reference run listens. Free ports are the default, so two runs on
 * one machine (two users, two CI jobs, a run beside a mutant) never meet on one port.
 *
 * They are chosen below the kernel's ephemeral range on purpose. A port the kernel hands out for `listen(0)` comes
 * from the range it also gives every outgoing connection, and a run makes thousands (the suite's requests, the
 * database driver's, a second run's): a port free when chosen was seen taken by a client socket by the time the
 * server bound it, seconds later on a loaded CI runner (EADDRINUSE, no verdict). Below that range only listeners
 * take ports, and a random start keeps two runs choosing at once apart.
 */

const LOWEST = 20_000
const EPHEMERAL_FALLBACK = 32_768
const ATTEMPTS = 200
/** Ports this process has handed out: two plans chosen at once in one process never share one. */
const handedOut = new Set<number>()

/** The first of `count` consecutive ports free now, below the ephemeral range; not bound until a server takes them. */
export async function freePorts(count: number): Promise<number> {
  const highest = ephemeralStart() - count
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const first = LOWEST + Math.floor(Math.random() * (highest - LOWEST))
    const ports = Array.from({ length: count }, (_, i) => first + i)
    if (ports.some((port) => handedOut.has(port))) continue
    if ((await takenPorts(first, count)).length > 0) continue
    for (const port of ports) handedOut.add(port)
    return first
  }
  throw new Error(
    `no ${count} consecutive free ports between ${LOWEST} and ${highest} after ${ATTEMPTS} tries`,
  )
}

/** Those of the `count` ports from `first` that something already listens on. */
export async function takenPorts(first: number, count: number): Promise<number[]> {
  const ports = Array.from({ length: count }, (_, i) => first + i)
  const servers = await Promise.all(ports.map((port) => listen(port).catch(() => undefined)))
  await Promise.all(servers.map(close))
  return ports.filter((_, i) => !servers[i])
}

/**
 * The first port of Linux's ephemeral range; elsewhere (or unreadable) the lowest any common system uses, Linux's
 * default (macOS and Windows start at 49152).
 */
function ephemeralStart(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0])
    return Number.isInteger(low) && low > LOWEST + 1_000
      ? Math.min(low, EPHEMERAL_FALLBACK)
      : EPHEMERAL_FALLBACK
  } catch {
    return EPHEMERAL_FALLBACK
  }
}

function listen(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject).listen(port, '127.0.0.1', () => resolve(server))
  })
}

function close(server: Server | undefined): Promise<void> {
  return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()))
}

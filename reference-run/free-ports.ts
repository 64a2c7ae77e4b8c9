import { createServer, type Server } from 'node:net'

/**
 * Ports on 127.0.0.1, where every plan of the reference run listens. Free ports are the default, so two runs on
 * one machine (two users, two CI jobs, a run beside a mutant) never meet on one port.
 */

/**
 * The first of `count` consecutive ports free now. The kernel picks the first (port 0), the others must follow
 * it; it may still be taken between now and the server's start, which only the server's own error then shows.
 */
export async function freePorts(count: number): Promise<number> {
  for (;;) {
    const first = await listen(0)
    const port = (first.address() as { port: number }).port
    const rest = await Promise.all(
      Array.from({ length: count - 1 }, (_, i) => listen(port + 1 + i).catch(() => undefined)),
    )
    await Promise.all([first, ...rest].map(close))
    if (rest.every(Boolean) && port + count - 1 <= 65_535) return port
  }
}

/** Those of the `count` ports from `first` that something already listens on. */
export async function takenPorts(first: number, count: number): Promise<number[]> {
  const ports = Array.from({ length: count }, (_, i) => first + i)
  const servers = await Promise.all(ports.map((port) => listen(port).catch(() => undefined)))
  await Promise.all(servers.map(close))
  return ports.filter((_, i) => !servers[i])
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

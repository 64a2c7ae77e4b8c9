import { createServer, type Server } from 'node:net'

/**
 * The first of `count` consecutive ports free on 127.0.0.1 now, for a test that starts the reference server
 * (REFERENCE_PORT): its default port is taken when two test runs share the machine.
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

function listen(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject).listen(port, '127.0.0.1', () => resolve(server))
  })
}

function close(server: Server | undefined): Promise<void> {
  return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()))
}

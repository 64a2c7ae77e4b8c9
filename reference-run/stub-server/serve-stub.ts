import { PortTakenError } from '../port-taken-error.ts'
import { claimReferencePorts } from '../reference-ports.ts'
import { startStubServer } from './stub-server.ts'
import { writeStubTarget } from './stub-target.ts'

/**
 * Starts the OpenAPI-example stub on a free port (or REFERENCE_PORT), writes its target file into DIR and prints
 * one line `{"target": FILE}`; it runs until SIGTERM or SIGINT. A server that fails most tests, to measure what
 * such a server costs the suite (reference-run/bench/time-to-verdict.ts):
 *
 *   node --import tsx reference-run/stub-server/serve-stub.ts DIR
 *   npx op-conformance run --target DIR/stub-target.json
 */
const dir = process.argv[2]
if (!dir) {
  console.error('usage: node --import tsx reference-run/stub-server/serve-stub.ts DIR')
  process.exit(2)
}
let port: number
try {
  port = await claimReferencePorts(process.env, 1)
} catch (error) {
  if (!(error instanceof PortTakenError)) throw error
  console.error(error.message)
  process.exit(2)
}
const stub = await startStubServer(port)
console.log(JSON.stringify({ target: writeStubTarget(stub.url, dir) }))
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void stub.close())

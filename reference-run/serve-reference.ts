import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { NODE_LOADER, suiteModule } from '../settings/suite-modules.ts'
import { PortTakenError } from './port-taken-error.ts'
import { referenceServerPlan, writeReferenceTarget } from './reference-plan.ts'
import { claimReferencePorts, REFERENCE_PORT_ENV } from './reference-ports.ts'
import { waitForReference } from './reference-process.ts'

/**
 * `op-conformance bench` without a target: starts the reference server as `op-conformance run` does (the same
 * plan: free ports, or those REFERENCE_PORT pins, DATABASE_URL when set, else embedded Postgres), writes its target file into
 * the folder given, prints one line `{"target": FILE}` once the server answers, and stops it when this process
 * gets SIGTERM or SIGINT. The CLI starts this by command: it does not import the reference run.
 *
 *   node --import tsx reference-run/serve-reference.ts DIR
 */
const ROOT = new URL('..', import.meta.url).pathname

const dir = process.argv[2]
if (!dir) {
  console.error('usage: node --import tsx reference-run/serve-reference.ts DIR')
  process.exit(2)
}
try {
  process.env[REFERENCE_PORT_ENV] = String(await claimReferencePorts(process.env, 2))
} catch (error) {
  if (!(error instanceof PortTakenError)) throw error
  console.error(error.message)
  process.exit(2)
}
const plan = referenceServerPlan(process.env)
const target = writeReferenceTarget(plan, dir)
const server = spawn(process.execPath, [...NODE_LOADER, suiteModule('reference-server/src/main.ts')], {
  cwd: ROOT,
  // A load run waits for no expiry: tokens that outlive any run, so long runs are not cut by 401s.
  env: { ...process.env, ...plan.env, ACCESS_TOKEN_EXPIRES_IN: '86400' },
  stdio: ['ignore', 'ignore', 'inherit'],
})
const exited = once(server, 'exit')
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.kill('SIGTERM'))
void exited.then(([code]) => process.exit(code ?? 0))

try {
  await waitForReference(`${plan.publicUrl}/healthz`, server)
} catch (error) {
  console.error((error as Error).message)
  server.kill('SIGTERM')
  process.exit(1)
}
console.log(JSON.stringify({ target }))

import { TargetConfigurationError } from '../conformance/harness/target/target-configuration-error.ts'
import { freePorts, takenPorts } from './free-ports.ts'
import { PortTakenError } from './port-taken-error.ts'

/**
 * The Fetch standard's "bad ports": fetch refuses to connect to them whatever listens there, in every browser (the
 * consent driver's Chromium) and in Node's global fetch (the official SDK's transport). A reference server or a proxy
 * on one of them fails in a way that looks like the client's fault, so the plans refuse them up front.
 */
const FETCH_BLOCKED_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104,
  109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515,
  526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049,
  3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
])

/** The variable that pins a plan's ports; without it a plan takes free ones. */
export const REFERENCE_PORT_ENV = 'REFERENCE_PORT'

/**
 * The first of the `count` ports a plan listens on, chosen once by the process that starts the server and then
 * handed down in REFERENCE_PORT: Playwright's workers load the configuration again and must compute the same plan,
 * and a port chosen there would differ in each. Unset, free ports; set, those ports, and one of them already taken
 * (another run, another program) is a one-line error naming the variable instead of a server that fails to start.
 */
export async function claimReferencePorts(env: NodeJS.ProcessEnv, count: number): Promise<number> {
  if (!env[REFERENCE_PORT_ENV])
    return referencePort({ [REFERENCE_PORT_ENV]: String(await freePorts(count)) }, count)
  const port = referencePort(env, count)
  const taken = await takenPorts(port, count)
  if (taken.length > 0)
    throw new PortTakenError(
      `REFERENCE_PORT=${port} asks for ports ${port} to ${port + count - 1}, and ${taken.join(', ')} ` +
        `${taken.length > 1 ? 'are' : 'is'} taken (another run of the suite, or another program, listens there): ` +
        'choose other ports, or unset REFERENCE_PORT to take free ones',
    )
  return port
}

/**
 * REFERENCE_PORT, the first of the `count` consecutive ports a plan listens on (claimReferencePorts sets it); a
 * value that is not a port, or a range that reaches past 65535 or onto a port fetch refuses, is a configuration
 * error naming the variable.
 */
export function referencePort(env: NodeJS.ProcessEnv, count: number): number {
  const raw = env[REFERENCE_PORT_ENV]
  // A plan is computed from ports already chosen: choosing them here would give each Playwright worker others.
  if (!raw) throw new Error('REFERENCE_PORT is unset: claimReferencePorts chooses the ports before any plan')
  const port = Number(raw)
  const last = port + count - 1
  if (!/^\d+$/.test(raw) || port < 1 || last > 65_535)
    throw new TargetConfigurationError(
      `REFERENCE_PORT must be a port from 1 to ${65_536 - count}, the first of ${count} it uses (got ${JSON.stringify(raw)})`,
    )
  const blocked = Array.from({ length: count }, (_, i) => port + i).filter((p) => FETCH_BLOCKED_PORTS.has(p))
  if (blocked.length > 0)
    throw new TargetConfigurationError(
      `REFERENCE_PORT=${raw} uses ports ${port} to ${last}, and fetch (browsers, Node's global fetch) refuses to ` +
        `connect to ${blocked.join(', ')}; choose another REFERENCE_PORT`,
    )
  return port
}

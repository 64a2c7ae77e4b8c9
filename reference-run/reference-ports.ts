import { TargetConfigurationError } from '../conformance/harness/target/target-configuration-error.ts'

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

/**
 * REFERENCE_PORT (default 3400), the first of the `count` consecutive ports a plan listens on; a value that is not a
 * port, or a range that reaches past 65535 or onto a port fetch refuses, is a configuration error naming the variable.
 */
export function referencePort(env: NodeJS.ProcessEnv, count: number): number {
  const raw = env.REFERENCE_PORT || '3400'
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

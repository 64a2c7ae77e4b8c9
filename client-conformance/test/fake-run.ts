import { exportPrivateKeyPem, generateClientKey, signRequest } from '../../clients/src/index.ts'
import type { ScenarioRun } from '../checks/check.ts'
import { type RecordedExchange, Recorder } from '../recording-proxy.ts'
import type { AdapterRun } from '../run-adapter.ts'
import { SCENARIOS } from '../scenarios.ts'
import type { SimulatedAse } from '../simulated-ase.ts'

export const key = generateClientKey('test-key')

/** A simulated ASE that was never started: enough for scenarios and checks. */
export const fakeAse: SimulatedAse = {
  plan: {
    command: [],
    env: {},
    resourceProxyPort: 1,
    authProxyPort: 2,
    resourceUpstream: 'http://127.0.0.1:3',
    authUpstream: 'http://127.0.0.1:4',
    finishUri: 'http://127.0.0.1:5/finish',
    walletAddresses: {
      sender: 'http://rs.test/alice',
      receiver: 'http://rs.test/bob',
      listed: 'http://rs.test/carol',
    },
  },
  recorder: new Recorder(),
  client: {
    walletAddress: 'http://client.test/client',
    keyId: key.keyId,
    privateKeyPem: exportPrivateKeyPem(key),
  },
  authUrl: 'http://as.test',
  close: async () => {},
}

let seq = 0

/** One recorded exchange; the body is sent as these exact bytes. */
export function exchange(opts: {
  method?: string
  url: string
  server?: RecordedExchange['server']
  headers?: Record<string, string>
  body?: string
  status?: number
  response?: unknown
  receivedAt?: number
  respondedAt?: number
  responseHeaders?: Record<string, string>
  fault?: string
}): RecordedExchange {
  const text = opts.response === undefined ? '' : JSON.stringify(opts.response)
  const at = opts.receivedAt ?? 1000
  return {
    seq: ++seq,
    scenario: 'payment-flow',
    server: opts.server ?? (opts.url.startsWith('http://as.test') ? 'auth' : 'resource'),
    receivedAt: at,
    respondedAt: opts.respondedAt ?? at + 10,
    ...(opts.fault ? { fault: opts.fault } : {}),
    request: {
      method: opts.method ?? 'GET',
      url: opts.url,
      headers: opts.headers ?? {},
      ...(opts.body === undefined ? {} : { body: new TextEncoder().encode(opts.body) }),
    },
    response: {
      status: opts.status ?? 200,
      headers: opts.responseHeaders ?? {},
      body: new TextEncoder().encode(text),
      text,
      json: opts.response,
    },
  }
}

/** The payment-flow scenario's run over these exchanges. */
export function scenarioRun(exchanges: RecordedExchange[], run: Partial<AdapterRun> = {}): ScenarioRun {
  return {
    scenario: SCENARIOS[0]!,
    ase: fakeAse,
    exchanges,
    all: exchanges,
    run: { redirects: [], stderr: '', durationMs: 0, stoppedAfterSilence: false, ...run },
    setup: {},
  }
}

/** Headers of a request signed with the fake ASE's client key, as a correct client signs it. */
export async function signedWithKey(method: string, url: string, body?: string, token = 'token-1') {
  const signed = await signRequest(
    {
      method,
      url,
      headers: { authorization: `GNAP ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: new TextEncoder().encode(body) } : {}),
    },
    { key },
  )
  return signed.headers
}

import type { Exchange, OutgoingRequest } from '../../../clients/src/index.ts'
import { expect } from '../../harness/expect/conformance-expect.ts'
import { judgeExchange } from '../../harness/http/judge-exchange.ts'
import { routingOf } from '../../harness/http/routing.ts'
import { rulesNamedIn } from '../../harness/rules/rules-named-in.ts'
import type { BenchSession } from '../bench-session.ts'
import { OPERATION_NAMES, type OperationName } from '../operations.ts'
import { describeFailure, FailedIteration } from '../outcome.ts'
import { ARTILLERY_METRICS as M } from './artillery-metrics.ts'
import { type ArtilleryResponse, exchangeResponseOf } from './artillery-response.ts'
import {
  type CallName,
  ITERATION_CALLS,
  type IterationState,
  type PlannedCall,
  pollDelayMs,
} from './iteration-calls.ts'
import { type Preparation, prepareOperation } from './worker-preparation.ts'
import { openWorkerSession } from './worker-session.ts'

/**
 * The Artillery processor of `op-conformance bench --engine artillery`: Artillery's HTTP engine sends every
 * Open Payments request of the iterations; these hooks build and sign each one with the suite's client and
 * judge each answer with the suite's automatic checks, so that a fast wrong answer is an error (counted by
 * status and rule, outcome.ts's labels), not a result. Grants come from the suite's Grants and consent drivers,
 * once per worker (and again before they expire); the flow's outgoing-payment grant, with consent, once per
 * iteration. Bundled by esbuild with everything it imports, so it runs outside this checkout.
 */

interface ArtilleryContext {
  vars: Record<string, unknown>
}
interface Events {
  emit(kind: 'counter' | 'histogram', name: string, value: number): void
}
type Done = (error?: Error | null) => void
interface RequestParams {
  url: string
  method?: string
  headers?: Record<string, string>
  body?: unknown
  json?: unknown
}

interface Worker {
  session: BenchSession
  operation: OperationName
  preparation: Preparation
}
let worker: Promise<Worker> | undefined
let renewing: Promise<Preparation> | undefined
let cpuMark: NodeJS.CpuUsage | undefined

/** Per virtual user: its loop's deadline, the iteration in flight and the request in flight. */
interface UserState {
  deadline: number
  firstStart: number
  lastEnd: number
  iteration: IterationState
  inFlight?: { planned: PlannedCall; request: OutgoingRequest; started: number }
}
const users = new WeakMap<ArtilleryContext, UserState>()

function operationOf(context: ArtilleryContext): OperationName {
  const name = context.vars.operation
  if (!(OPERATION_NAMES as readonly unknown[]).includes(name))
    throw new Error(
      `the script's config.variables.operation is ${JSON.stringify(name)}; one of ${OPERATION_NAMES.join(', ')}`,
    )
  return name as OperationName
}

async function workerFor(context: ArtilleryContext): Promise<Worker> {
  worker ??= (async () => {
    const operation = operationOf(context)
    const session = await openWorkerSession()
    return { session, operation, preparation: await prepareOperation(session, operation) }
  })()
  const ready = await worker
  if (Date.now() >= ready.preparation.renewAt) {
    renewing ??= prepareOperation(ready.session, ready.operation).finally(() => {
      renewing = undefined
    })
    ready.preparation = await renewing
  }
  return ready
}

function userOf(context: ArtilleryContext): UserState {
  const user = users.get(context)
  if (!user)
    throw new Error('a request hook ran before beginIteration: the script must start each loop with it')
  return user
}

/** A function step: the worker's grants first (the first iteration waits for them), then a fresh iteration. */
export async function beginIteration(context: ArtilleryContext): Promise<void> {
  await workerFor(context)
  cpuMark ??= process.cpuUsage()
  const now = performance.now()
  const durationS = Number(context.vars.durationS)
  if (!(durationS > 0))
    throw new Error(
      `the script's config.variables.durationS is ${JSON.stringify(context.vars.durationS)}; seconds, > 0`,
    )
  const user = users.get(context) ?? {
    deadline: now + durationS * 1000,
    firstStart: now,
    lastEnd: now,
    iteration: newIteration(now),
  }
  user.iteration = newIteration(now)
  users.set(context, user)
  context.vars.iterationOk = true
}

function newIteration(now: number): IterationState {
  return { startedAt: now, polls: 0 }
}

/** A function step: counts the iteration as right (with its sample) or by what went wrong. */
export function endIteration(context: ArtilleryContext, events: Events, done: Done): void {
  const user = userOf(context)
  const { iteration } = user
  const now = performance.now()
  user.lastEnd = now
  if (iteration.failed !== undefined) events.emit('counter', `${M.errorPrefix}${iteration.failed}`, 1)
  else {
    events.emit('counter', M.ok, 1)
    events.emit('histogram', M.latency, iteration.measuredMs ?? now - iteration.startedAt)
  }
  // The process's CPU since the last iteration ended here: the generator's own cost, summed over the run.
  const cpu = process.cpuUsage(cpuMark)
  cpuMark = process.cpuUsage()
  events.emit('counter', M.cpuMicros, cpu.user + cpu.system)
  done()
}

/** The loop's `whileTrue`: another iteration while the user's duration lasts. */
export function withinDuration(context: ArtilleryContext, next: (more: boolean) => void): void {
  const user = users.get(context)
  next(user === undefined || performance.now() < user.deadline)
}

/** An `after` step of each user: how long it loaded, from its first iteration's start to its last one's end. */
export function endUser(context: ArtilleryContext, events: Events, done: Done): void {
  const user = users.get(context)
  if (user) events.emit('histogram', M.activeMs, user.lastEnd - user.firstStart)
  done()
}

/** The flow's inner loop: read the payment until it has sent it all (or the iteration failed). */
export function paymentSending(context: ArtilleryContext, next: (more: boolean) => void): void {
  const { iteration } = userOf(context)
  next(iteration.failed === undefined && iteration.paymentId !== undefined && !iteration.sent)
}

/** A function step of the flow: the outgoing-payment grant for the quote, consent given by the target's driver. */
export async function grantOutgoingPayment(context: ArtilleryContext, events: Events): Promise<void> {
  const { iteration } = userOf(context)
  if (iteration.failed !== undefined) return
  const { session } = await workerFor(context)
  const api = session.api()
  const { sender } = session.discovery
  try {
    const grant = await session
      .grants(api)
      .outgoingPayment(sender, { limits: { debitAmount: iteration.quote!.debitAmount } })
    iteration.outgoingToken = grant.grant.access_token.value
  } catch (error) {
    fail(
      context,
      new FailedIteration(error, api.exchanges.at(-1)?.response.status, api.timings.at(-1)?.operationId),
    )
  } finally {
    for (const { operationId, ms } of api.timings)
      events.emit('histogram', `${M.requestPrefix}${operationId}`, ms)
    countFindings(events, api.findings)
  }
}

function fail(context: ArtilleryContext, error: unknown): void {
  const { iteration } = userOf(context)
  if (iteration.failed !== undefined) return
  iteration.failed = describeFailure(error)
  context.vars.iterationOk = false
  // Artillery's counters carry only the label: the first message of each kind, once per worker, says what was wrong.
  if (!shown.has(iteration.failed)) {
    shown.add(iteration.failed)
    console.error(
      `bench error ${iteration.failed}: ${(error instanceof Error ? error.message : String(error)).slice(0, 1000)}`,
    )
  }
}
const shown = new Set<string>()

function countFindings(events: Events, findings: readonly string[]): void {
  for (const finding of findings)
    events.emit('counter', `${M.findingPrefix}${rulesNamedIn(finding)[0] ?? 'other'}`, 1)
}

/** The `beforeRequest` hooks, one per call: build the request, sign it, send it where the target's routes say. */
function requestHook(name: CallName) {
  return async (params: RequestParams, context: ArtilleryContext): Promise<void> => {
    const user = userOf(context)
    const { session, preparation, operation } = await workerFor(context)
    const planned = ITERATION_CALLS[name]({
      session,
      preparation,
      state: user.iteration,
      flow: operation === 'flow',
    })
    if (name === 'getOutgoingPayment') await sleep(pollDelayMs(user.iteration.polls))
    const started = performance.now()
    const { call, token } = planned
    const sign = call.operation.api !== 'wallet-address-server'
    // Signed over the exact bytes sent: the client serializes the JSON once, digests, signs, and Artillery sends them.
    const request = await session
      .api()
      .client.prepare({ method: call.method, url: call.url, json: call.json, token, sign })
    const wire = routingOf(session.target).request(request)
    params.url = wire.url
    params.method = wire.method
    params.headers = { ...wire.headers }
    delete params.json
    if (wire.body === undefined) delete params.body
    else params.body = Buffer.from(wire.body)
    user.inFlight = { planned, request, started }
  }
}

export const walletAddress = requestHook('walletAddress')
export const createIncomingPayment = requestHook('createIncomingPayment')
export const getIncomingPayment = requestHook('getIncomingPayment')
export const createQuote = requestHook('createQuote')
export const createOutgoingPayment = requestHook('createOutgoingPayment')
export const getOutgoingPayment = requestHook('getOutgoingPayment')

/** The `afterResponse` hook of every request: the suite's automatic checks, the status required, the reading. */
export async function checkAnswer(
  _params: RequestParams,
  response: ArtilleryResponse,
  context: ArtilleryContext,
  events: Events,
): Promise<void> {
  const user = userOf(context)
  const flight = user.inFlight
  if (!flight) return
  user.inFlight = undefined
  const { planned, request, started } = flight
  const ms = performance.now() - started
  const { session } = await workerFor(context)
  const exchange: Exchange = { request, response: exchangeResponseOf(response) }
  const { operationId } = planned.call.operation
  events.emit('histogram', `${M.requestPrefix}${operationId}`, ms)
  try {
    const finding = judgeExchange(session.validator, planned.call.operation, exchange, 'valid')
    if (finding) countFindings(events, [finding])
    expect(exchange).toAnswer(planned.status, planned.ruleId, planned.what)
    planned.read?.(exchange, user.iteration)
    if (planned.measured) user.iteration.measuredMs = ms
  } catch (error) {
    fail(context, new FailedIteration(error, exchange.response.status, operationId))
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

import type { Exchange, OpenPaymentsClient, RequestOptions } from '../../../clients/src/index.ts'
import type { OperationRef } from '../openapi/operations.ts'
import type { ResponseValidator } from '../openapi/response-validator.ts'
import { rule } from '../rules/covers.ts'
import { operationRule } from '../rules/operation-rules.ts'
import { recordRequestTime } from '../time/request-time.ts'
import { runningTest, testTimeLeft } from '../time/test-clock.ts'
import { skipAsStopped } from './after-target-stop.ts'
import { rememberExchangeTokens } from './format-exchange.ts'
import { judgeExchange } from './judge-exchange.ts'
import { presentableToken, recoverEndedToken, renewableTokenOf } from './recover-ended-token.ts'
import { type RequestInput, ResponseCheckError } from './response-checks.ts'
import { isConnectionLost, type TargetLiveness } from './target-liveness.ts'

export interface SendOptions extends RequestOptions {
  /** The OpenAPI operation this request exercises: its response is checked against that operation. */
  operation: OperationRef
  /**
   * 'invalid' for a request that deliberately carries bad input (amounts, bodies, query strings, signatures,
   * headers): a server error, a body that is not JSON or no answer to it is a robustness finding.
   */
  input?: RequestInput
}

/** Playwright's words for a request it dropped because the test, its context or the run ended. */
const CANCELLED = /disposed|has been closed|Test ended|Test timeout|aborted/i

/** The suite's only way to talk to a target: every exchange is recorded and passes the automatic checks. */
export class ConformanceApi {
  readonly exchanges: Exchange[] = []
  /** How many of the exchanges answered deliberately invalid input. */
  invalidInputResponses = 0
  /** How long the target took to answer, per OpenAPI operation: the verdict page's latency table. */
  readonly timings: { operationId: string; ms: number }[] = []
  /** The beyond-spec and robustness findings among them (also recorded on the running test, if any). */
  readonly findings: string[] = []

  constructor(
    readonly client: OpenPaymentsClient,
    private readonly validator: ResponseValidator,
    /** Set in a run: a target that stops answering ends the run's requests (target-liveness.ts). */
    private readonly liveness?: TargetLiveness,
  ) {}

  /**
   * Sends one request and judges its answer. A kept token whose announced life is over is swapped for a fresh one
   * first; a request presenting a kept token that is refused as unauthorized is sent once more with a fresh token
   * (recover-ended-token.ts): that answer is the one returned.
   */
  async send(given: SendOptions): Promise<Exchange> {
    const options = { ...given, token: await presentableToken(given.token) }
    const exchange = await this.#sendOnce(options)
    const kept = renewableTokenOf(options)
    if (!kept) return exchange
    return recoverEndedToken(exchange, kept, options.operation.operationId, (token) =>
      this.#sendOnce({ ...options, token }),
    )
  }

  async #sendOnce({ operation, input = 'valid', ...request }: SendOptions): Promise<Exchange> {
    // Wallet address documents are public (OpenAPI `security: []`): a real client does not sign those GETs.
    const sign = request.sign ?? (operation.api !== 'wallet-address-server' && this.client.key !== undefined)
    const sentAt = Date.now()
    const started = performance.now()
    const exchange = await this.#exchange({ ...request, sign }, operation, input)
    const ms = performance.now() - started
    this.timings.push({ operationId: operation.operationId, ms })
    recordRequestTime(ms)
    this.exchanges.push(exchange)
    rememberExchangeTokens(exchange)
    if (input === 'invalid') this.invalidInputResponses++
    const finding = judgeExchange(this.validator, operation, exchange, input, sentAt)
    if (finding) this.findings.push(finding)
    return exchange
  }

  /** Whether the target still answers at all: any answer to a GET of the request's origin. */
  async #answers(url: string): Promise<boolean> {
    try {
      await this.client.send({ method: 'GET', url: `${new URL(url).origin}/`, sign: false })
      return true
    } catch (error) {
      return !isConnectionLost(error)
    }
  }

  async #exchange(request: RequestOptions, operation: OperationRef, input: RequestInput): Promise<Exchange> {
    const stopped = this.liveness?.stopped()
    if (stopped) notSent(stopped)
    const described = `${request.method} ${request.url} (${operation.operationId}${input === 'invalid' ? ', invalid input' : ''})`
    try {
      const exchange = await this.client.send(request)
      this.liveness?.answered(request.url, described)
      return exchange
    } catch (error) {
      const lost = await this.liveness?.lost(request.url, described, error, () => this.#answers(request.url))
      if (lost?.dropped) throw stoppedAnswering(operation, input, lost.dropped)
      if (lost) notSent(lost.reason)
      if (input === 'valid') throw error
      const reason = error instanceof Error ? error.message : String(error)
      // Cut off by the test's own end (its timeout disposes the request context): the suite's limit, not a hang.
      if ((testTimeLeft() ?? 1) <= 0 || CANCELLED.test(reason)) {
        throw new Error(
          `the suite stopped waiting for ${operation.operationId} at its own time limit: ${reason}`,
        )
      }
      throw new ResponseCheckError(
        rule(
          'ROB-INVALID-INPUT',
          `${operation.operationId}: the server gave no answer to invalid input (${reason}); a client error is required`,
        ),
      )
    }
  }
}

/**
 * A request the target took and never answered, as it stopped answering: charged to the rule of what it sent, a
 * robustness finding for invalid input, the operation's own rule for a valid request (as a server error to it
 * would be).
 */
function stoppedAnswering(operation: OperationRef, input: RequestInput, dropped: string): ResponseCheckError {
  const ruleId = input === 'invalid' ? 'ROB-INVALID-INPUT' : operationRule(operation.operationId)
  console.error(`\n${dropped}, and it stopped answering: the rest of the run is skipped\n`)
  return new ResponseCheckError(
    rule(ruleId, `${dropped}, and then stopped answering every request; the server must answer`),
  )
}

/** The target stopped answering earlier in the run: the running test is skipped (outside a test, an error). */
function notSent(reason: string): never {
  const info = runningTest()
  if (info) skipAsStopped(info, reason)
  throw new Error(reason)
}

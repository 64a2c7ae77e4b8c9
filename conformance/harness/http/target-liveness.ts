import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { REPORT_PATHS } from '../../../settings/run-settings.ts'
import { TARGET_STOPPED } from '../rules/target-stopped.ts'

/**
 * Errors of a connection the target closed without answering, or refused: it stopped answering, as opposed to
 * answering slowly (a timeout is the robustness checks' business). Playwright and undici word them so.
 */
const CONNECTION_LOST = /ECONNREFUSED|ECONNRESET|EPIPE|socket hang up|other side closed|UND_ERR_SOCKET/i
/** A connection the target took and then closed: Playwright retries such a request, and words the retry so. */
const CONNECTION_DROPPED = /ECONNRESET|EPIPE|socket hang up|other side closed|UND_ERR_SOCKET/i

/** What the run knows once the target has stopped answering: the reason every later test is skipped with. */
interface TargetStop {
  reason: string
}

/** A request that got no answer from a target that had answered before and no longer answers. */
export interface LostConnection {
  /** Why the rest of the run is skipped: the first such request of the run, in any worker. */
  reason: string
  /**
   * What this request got, when the target took it and closed the connection without an answer: it went
   * unanswered, and is charged (it may be the one that stopped the target; with several workers, the requests in
   * flight as it stopped all are). Undefined for a connection refused outright, which charges nothing.
   */
  dropped?: string
}

/**
 * Whether the target still answers, shared by every worker of a run through a file in the output folder: the
 * first worker that sees a target which answered before refuse or drop a connection, and then not answer a GET
 * of its origin, writes the file, and every request after, in any worker, is not sent: its test is skipped with
 * the file's reason. Nothing sent to a dead target is charged to a rule.
 */
export class TargetLiveness {
  /** The origins that answered a request of this process: only a target that answered can stop answering. */
  readonly #answered = new Set<string>()
  /** The last request this process had answered, named when the next one is refused. */
  #lastAnswered: string | undefined
  #stop: TargetStop | undefined

  constructor(readonly file: string) {}

  /** Why no request may be sent any more, or undefined while the target answers. */
  stopped(): string | undefined {
    this.#stop ??= readStop(this.file)
    return this.#stop?.reason
  }

  answered(url: string, request: string): void {
    this.#answered.add(new URL(url).origin)
    this.#lastAnswered = request
  }

  /**
   * Undefined when the error is not a lost connection, the target never answered this process, or it still
   * answers `stillAnswers` (a server may drop one connection it dislikes and go on: that is the robustness
   * checks' business, not the end of the run).
   */
  async lost(
    url: string,
    request: string,
    error: unknown,
    stillAnswers: () => Promise<boolean>,
  ): Promise<LostConnection | undefined> {
    const text = errorText(error)
    if (!isConnectionLost(error) || !this.#answered.has(new URL(url).origin)) return undefined
    // The first line only: Playwright's call log after it repeats the request's headers, a token among them.
    const said = text.split('\n')[0]!.trim()
    const dropped = CONNECTION_DROPPED.test(text)
      ? `${request}: the target closed the connection without an answer (${said})`
      : undefined
    const known = this.stopped()
    if (known) return { reason: known, dropped }
    if (await stillAnswers()) return undefined
    const reason = dropped
      ? `${TARGET_STOPPED} ${dropped}`
      : `${TARGET_STOPPED} ${this.#lastAnswered ?? 'its last answer'} (${request} was refused a connection: ${said})`
    // Created exclusively: of workers that see it together, the first names the request.
    this.#stop = claimStop(this.file, { reason }) ? { reason } : readStop(this.file)
    return { reason: this.#stop?.reason ?? reason, dropped }
  }
}

export function isConnectionLost(error: unknown): boolean {
  return CONNECTION_LOST.test(errorText(error))
}

/** The run's liveness, one per worker process, on the run's output folder. */
export const RUN_LIVENESS = new TargetLiveness(REPORT_PATHS.targetStopped)

/** An earlier run's stop must not skip this one: removed by the run's main process before any worker starts. */
export function clearTargetStop(file = REPORT_PATHS.targetStopped): void {
  rmSync(file, { force: true })
}

function readStop(file: string): TargetStop | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as TargetStop
  } catch {
    return undefined
  }
}

/** True when this call created the file; false when another worker had already. */
function claimStop(file: string, stop: TargetStop): boolean {
  mkdirSync(dirname(file), { recursive: true })
  try {
    writeFileSync(file, `${JSON.stringify(stop)}\n`, { flag: 'wx' })
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
}

/** The error's message with its code and those of its causes: undici puts the socket's error in `cause`. */
function errorText(error: unknown): string {
  const parts: string[] = []
  for (let e = error, depth = 0; e !== undefined && e !== null && depth < 4; depth++) {
    const { message, code, cause } = e as { message?: unknown; code?: unknown; cause?: unknown }
    parts.push([message, code].filter((part) => typeof part === 'string' && part !== '').join(' '))
    e = cause
  }
  // Without the terminal's colours, which Playwright's call log carries.
  const text = [...new Set(parts.filter(Boolean))].join(': ') || String(error)
  return stripVTControlCharacters(text)
}

import type { TestInfo } from '@playwright/test'
import { OBSERVATION_ANNOTATION } from '../rules/observations.ts'

/** Where a test stood when it met the stopped target: its errors and annotations until then are its own. */
const STOP_ANNOTATION = 'target stopped'
/** The first lines of what failed after it, kept for the reader and charged to nothing. */
const AFTER_STOP_ANNOTATION = 'failed after the target stopped'

type TestState = Pick<TestInfo, 'errors' | 'annotations' | 'status'>

/**
 * Skips the running test: the target stopped answering. A skip thrown inside a poll or a retry is caught there,
 * and what then fails (a poll that times out, a rule's message) is not the server's answer: the point reached
 * is marked, so that settleAfterStop can take back what came after it.
 */
export function skipAsStopped(info: TestInfo, reason: string): never {
  if (!info.annotations.some((a) => a.type === STOP_ANNOTATION)) {
    const at = { errors: info.errors.length, annotations: info.annotations.length }
    info.annotations.push({ type: STOP_ANNOTATION, description: JSON.stringify(at) })
  }
  info.skip(true, reason)
  throw new Error(reason)
}

/**
 * From the test's teardown: the errors and observations recorded after the test met the stopped target are
 * dropped (their first lines kept in one annotation), and a test left with no error of its own is skipped, with
 * the reason the stop gave. Failures from before the stop stand.
 */
export function settleAfterStop(info: TestState): void {
  const mark = info.annotations.find((a) => a.type === STOP_ANNOTATION)
  if (!mark?.description) return
  const at = JSON.parse(mark.description) as { errors: number; annotations: number }
  const after = info.errors.splice(at.errors)
  for (let i = info.annotations.length - 1; i >= at.annotations; i--) {
    if (info.annotations[i]!.type === OBSERVATION_ANNOTATION) info.annotations.splice(i, 1)
  }
  if (after.length > 0) {
    const lines = after.map((error) => (error.message ?? String(error.value)).split('\n')[0]).join(' | ')
    info.annotations.push({ type: AFTER_STOP_ANNOTATION, description: lines })
  }
  if (info.errors.length === 0 && (info.status === 'failed' || info.status === 'timedOut')) {
    info.status = 'skipped'
  }
}

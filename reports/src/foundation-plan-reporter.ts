import type { FullConfig, Reporter, Suite, TestCase } from '@playwright/test/reporter'
import { writeFoundationPlan } from '../../conformance/harness/foundations/foundation-plan.ts'
import {
  readFoundationResults,
  writeFoundationResult,
} from '../../conformance/harness/foundations/foundation-results.ts'
import {
  FOUNDATION_ANNOTATION,
  type FoundationStep,
  isFoundationStep,
} from '../../conformance/harness/foundations/foundation-steps.ts'
import { REPORT_PATHS } from '../../settings/run-settings.ts'
import { VERDICT_PROJECTS } from './verdict-projects.ts'

/**
 * The first stage runs beside the rest of the run, whose tests wait for the steps they need
 * (conformance/harness/foundations/foundation-plan.ts). Before any worker starts, this reporter writes which steps
 * the stage will prove in this run (after filters and shards). A step's test leaves its result itself; one whose
 * worker died before its teardown gets `open` here, so that no test waits for it any longer.
 */
export default class FoundationPlanReporter implements Reporter {
  readonly #file: string

  /** `file`: the run's foundation results (REPORT_PATHS.foundations unless a test says). */
  constructor({ file = REPORT_PATHS.foundations }: { file?: string } = {}) {
    this.#file = file
  }

  printsToStdio(): boolean {
    return false
  }

  onBegin(_config: FullConfig, suite: Suite): void {
    writeFoundationPlan(
      suite.allTests().flatMap((test) => stepOf(test) ?? []),
      this.#file,
    )
  }

  onTestEnd(test: TestCase): void {
    const step = stepOf(test)
    if (step && !readFoundationResults(this.#file).some((r) => r.step === step))
      writeFoundationResult({ step, outcome: 'open' }, this.#file)
  }
}

function stepOf(test: TestCase): FoundationStep | undefined {
  if (test.parent.project()?.name !== VERDICT_PROJECTS.foundations) return undefined
  const step = test.annotations.find((a) => a.type === FOUNDATION_ANNOTATION)?.description
  return isFoundationStep(step) ? step : undefined
}

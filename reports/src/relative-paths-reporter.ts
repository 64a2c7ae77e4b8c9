import { basename, dirname, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import type {
  FullConfig,
  Reporter,
  TestCase,
  TestError,
  TestResult,
  TestStep,
} from '@playwright/test/reporter'
import { userDir } from '../../settings/run-settings.ts'

/** The checkout this suite runs from: every path under it is shown relative to it. */
const CHECKOUT = fileURLToPath(new URL('../../', import.meta.url))

/**
 * Reports are published: an ASE's certification page must not show where the suite ran (`/home/ci/…`, a user
 * name). Playwright writes errors with absolute paths, and its reporters read the same result objects in the
 * order they are listed, so this reporter, listed first, rewrites each failure in place before any other sees it.
 */
export default class RelativePathsReporter implements Reporter {
  #roots: string[] = [CHECKOUT]

  printsToStdio(): boolean {
    return false
  }

  onBegin(config: FullConfig): void {
    this.#roots = rootsOf(config.configFile ? dirname(config.configFile) : CHECKOUT)
  }

  // Some reporters (Allure) take a failure from the step that threw, before the test ends.
  onStepEnd(_test: TestCase, _result: TestResult, step: TestStep): void {
    relativiseStep(step, this.#roots)
  }

  onTestEnd(_test: TestCase, result: TestResult): void {
    relativiseResult(result, this.#roots)
  }

  onError(error: TestError): void {
    relativiseError(error, this.#roots)
  }
}

/** Paths are shown from the checkout; a configuration outside it (another project's) adds its own folder. */
export function rootsOf(configDir: string): string[] {
  const folder = configDir.endsWith('/') ? configDir : `${configDir}/`
  return folder.startsWith(CHECKOUT) ? [CHECKOUT] : [CHECKOUT, folder]
}

export function relativiseResult(result: TestResult, roots: string[]): void {
  if (result.error) relativiseError(result.error, roots)
  for (const error of result.errors) relativiseError(error, roots)
  for (const step of result.steps) relativiseStep(step, roots)
}

function relativiseStep(step: TestStep, roots: string[]): void {
  if (step.error) relativiseError(step.error, roots)
  for (const child of step.steps) relativiseStep(child, roots)
}

export function relativiseError(error: TestError, roots: string[]): void {
  if (error.message) error.message = withoutRoots(error.message, roots)
  if (error.stack) error.stack = withoutRoots(error.stack, roots)
  if (error.value) error.value = withoutRoots(error.value, roots)
  if (error.location) error.location.file = withoutRoots(error.location.file, roots)
  if (error.cause) relativiseError(error.cause, roots)
}

export function withoutRoots(text: string, roots: string[]): string {
  return roots.reduce((rewritten, root) => rewritten.replaceAll(root, ''), text)
}

/**
 * A file named in a published report: from the suite's folder or the folder the command was run from, else by its
 * name alone.
 */
export function publishedPath(file: string, cwd = userDir()): string {
  if (file.startsWith(CHECKOUT)) return file.slice(CHECKOUT.length)
  const fromCwd = relative(cwd, file)
  return fromCwd.startsWith('..') || fromCwd.startsWith('/') ? basename(file) : fromCwd
}

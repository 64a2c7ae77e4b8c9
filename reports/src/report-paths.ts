import { resolve } from 'node:path'

/** Everything a run writes, under one folder (override with REPORT_DIR). */
const root = resolve(process.env.REPORT_DIR ?? 'reports/output')

export const REPORT_PATHS = {
  root,
  html: resolve(root, 'html'),
  allureResults: resolve(root, 'allure-results'),
  allureReport: resolve(root, 'allure-report'),
  verdict: resolve(root, 'verdict'),
  testResults: resolve(root, 'test-results'),
} as const

/** Console reporters chosen with `npm run conformance -- --reporter x,y`; the report reporters always run. */
export const CONSOLE_REPORTER_ENV = 'CONFORMANCE_CONSOLE_REPORTER'

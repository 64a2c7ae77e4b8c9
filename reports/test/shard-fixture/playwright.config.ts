import { defineConfig } from '@playwright/test'
import { REPORT_PATHS, SHARD_ENV } from '../../src/report-paths.ts'
import { CONFORMANCE_PROJECT, REPORTS } from '../../src/reporters.ts'

/** A tiny suite with passing, failing and skipped tests, run whole and in shards by sharding.test.ts. */
export default defineConfig({
  fullyParallel: true,
  workers: 2,
  outputDir: REPORT_PATHS.testResults,
  reporter: process.env[SHARD_ENV] ? [['blob', { outputDir: REPORT_PATHS.blob }]] : REPORTS,
  projects: [{ name: CONFORMANCE_PROJECT, testDir: '.', testMatch: /.*\.fixture\.ts$/ }],
})

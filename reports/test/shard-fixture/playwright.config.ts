import { defineConfig } from '@playwright/test'
import { REPORT_PATHS, SHARD_ENV } from '../../../settings/run-settings.ts'
import { RELATIVE_PATHS, REPORTS } from '../../src/reporters.ts'
import { VERDICT_PROJECTS } from '../../src/verdict-projects.ts'

/**
 * A tiny suite with passing, failing and skipped tests, run whole and in shards by sharding.test.ts; a first stage
 * that, as the suite's foundation steps do, every shard runs before its share of the rest.
 */
export default defineConfig({
  fullyParallel: true,
  workers: 2,
  outputDir: REPORT_PATHS.testResults,
  reporter: process.env[SHARD_ENV]
    ? [RELATIVE_PATHS, ['blob', { outputDir: REPORT_PATHS.blob }]]
    : [RELATIVE_PATHS, ...REPORTS],
  projects: [
    { name: VERDICT_PROJECTS.foundations, testDir: '.', testMatch: /.*\.first\.ts$/ },
    {
      name: VERDICT_PROJECTS.rest,
      testDir: '.',
      testMatch: /.*\.fixture\.ts$/,
      dependencies: process.env[SHARD_ENV] ? [VERDICT_PROJECTS.foundations] : [],
    },
  ],
})

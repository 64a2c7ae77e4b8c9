import { defineConfig } from '@playwright/test'
import { RELATIVE_PATHS, REPORTS } from '../reports/src/reporters.ts'

/** `playwright merge-reports --config` for `op-conformance merge`: the reports of one run, from all shards. */
export default defineConfig({ reporter: [RELATIVE_PATHS, ['line'], ...REPORTS] })

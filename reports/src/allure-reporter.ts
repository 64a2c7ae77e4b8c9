import type { FullConfig, FullProject } from '@playwright/test/reporter'
import { AllureReporter } from 'allure-playwright'

/**
 * allure-playwright, able to run in `playwright merge-reports` (op-conformance merge). Its onConfigure reads the
 * first project's outputDir and snapshotDir, and a merge's configuration has no project yet: it threw a TypeError
 * on every merge (the results were written all the same, yet the merge printed an error). Those two folders only
 * map a failed visual comparison's images, which the suite makes none of: a merge gives it empty ones.
 */
export default class ConformanceAllureReporter extends AllureReporter {
  override onConfigure(config: FullConfig): void {
    const merged = { outputDir: '', snapshotDir: '' } as FullProject
    super.onConfigure(config.projects.length > 0 ? config : { ...config, projects: [merged] })
  }
}

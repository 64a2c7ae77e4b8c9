import { QUICK_ENV, TARGET_ENV } from '../../../settings/run-settings.ts'
import { loadTargetFile } from './load-target.ts'
import { TargetConfigurationError } from './target-configuration-error.ts'
import type { TargetFile } from './target-file.ts'

/**
 * The target file named by CONFORMANCE_TARGET. The suite knows no server of its own: without `--target`, the
 * run configuration (playwright.config.ts) starts the reference server and names the target file it wrote.
 */
export function resolveTarget(env: NodeJS.ProcessEnv = process.env): TargetFile {
  const path = env[TARGET_ENV]
  if (!path) {
    throw new TargetConfigurationError(
      `no target: ${TARGET_ENV} is not set (run the suite with \`npm run conformance -- --target FILE\`)`,
    )
  }
  const target = loadTargetFile(path)
  // --quick waits for no expiry, even where the target file says its tokens may always be waited for.
  if (env[QUICK_ENV]) delete target.capabilities?.tokenExpiryWaitable
  return target
}

import { loadTargetFile } from './load-target.ts'
import { referenceServerPlan, referenceTarget } from './reference-target.ts'
import type { TargetFile } from './target-file.ts'

export const TARGET_ENV = 'CONFORMANCE_TARGET'

/** The target file named by CONFORMANCE_TARGET, or the reference server the suite starts itself. */
export function resolveTarget(env: NodeJS.ProcessEnv = process.env): TargetFile {
  const path = env[TARGET_ENV]
  return path ? loadTargetFile(path) : referenceTarget(referenceServerPlan(env))
}

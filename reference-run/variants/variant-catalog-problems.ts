import { findRule } from '../../conformance/harness/rules/registry.ts'
import { catalogProblems, type ReadFile } from '../mutants/catalog-problems.ts'
import type { Variant } from './variant.ts'

/**
 * The mutants' checks (each find once, each spec exists), every rule a variant names is known, and a variant of
 * the stub server edits nothing.
 */
export function variantCatalogProblems(variants: readonly Variant[], read: ReadFile): string[] {
  const ids = variants.map((variant) => variant.id)
  return [
    ...ids.filter((id, index) => ids.indexOf(id) !== index).map((id) => `${id}: the id is used twice`),
    ...catalogProblems(
      variants.map((variant) => ({ ...variant, rules: [] })),
      read,
    ),
    ...variants.flatMap((variant) =>
      namedRules(variant)
        .filter((id) => findRule(id) === undefined)
        .map((id) => `${variant.id}: unknown rule ${id}`),
    ),
    ...variants
      .filter((variant) => variant.server === 'stub' && variant.edits.length > 0)
      .map((variant) => `${variant.id}: the stub server takes no edits`),
  ]
}

function namedRules({ expected }: Variant): string[] {
  if (expected.verdict === 'CONFORMANT') return expected.warns
  if (expected.verdict === 'NOT CONFORMANT') return [...expected.fails, ...(expected.mayPass ?? [])]
  return []
}

import { findRule } from '../../conformance/harness/rules/registry.ts'
import { catalogProblems, type ReadFile } from '../mutants/catalog-problems.ts'
import type { Variant } from './variant.ts'

/** The mutants' checks (each find once, each spec exists), and every rule a variant names is known. */
export function variantCatalogProblems(variants: readonly Variant[], read: ReadFile): string[] {
  const ids = variants.map((variant) => variant.id)
  return [
    ...ids.filter((id, index) => ids.indexOf(id) !== index).map((id) => `${id}: the id is used twice`),
    ...catalogProblems(
      variants.map((variant) => ({ ...variant, rules: [] })),
      read,
    ),
    ...variants.flatMap((variant) =>
      variant.expected.verdict === 'CONFORMANT'
        ? variant.expected.warns
            .filter((id) => findRule(id) === undefined)
            .map((id) => `${variant.id}: unknown rule ${id}`)
        : [],
    ),
  ]
}

/**
 * Bugs injected into the reference server, one at a time, to prove the suite notices each (npm run mutants).
 * Every `find` must occur exactly once in its file at HEAD: when the code changes, the runner refuses to start
 * rather than run a mutant that no longer mutates anything. `specs` is the smallest set of spec files that
 * catches the bug, and `rules` the rules the verdict must fail for it to count as caught.
 */

import { AMOUNT_LIST_MUTANTS } from './amount-list-mutants.ts'
import { GENERAL_MUTANTS } from './general-mutants.ts'
import { GNAP_MUTANTS } from './gnap-mutants.ts'
import { INCOMING_PAYMENT_MUTANTS } from './incoming-payment-mutants.ts'
import { INCOMING_PAYMENT_VIEW_MUTANTS } from './incoming-payment-view-mutants.ts'
import type { KnownGap, Mutant } from './mutant.ts'
import { OUTGOING_PAYMENT_MUTANTS } from './outgoing-payment-mutants.ts'
import { PAYMENT_MUTANTS } from './payment-mutants.ts'
import { PERMISSION_MUTANTS } from './permission-mutants.ts'
import { PROPERTY_MUTANTS } from './property-mutants.ts'
import { QUOTE_MUTANTS } from './quote-mutants.ts'
import { SPEC_LINE_MUTANTS } from './spec-line-mutants.ts'

export type { Edit, KnownGap, Mutant } from './mutant.ts'

/** Every mutant, one file per resource family. */
export const MUTANTS: readonly Mutant[] = [
  ...AMOUNT_LIST_MUTANTS,
  ...GENERAL_MUTANTS,
  ...INCOMING_PAYMENT_MUTANTS,
  ...INCOMING_PAYMENT_VIEW_MUTANTS,
  ...QUOTE_MUTANTS,
  ...OUTGOING_PAYMENT_MUTANTS,
  ...PAYMENT_MUTANTS,
  ...PERMISSION_MUTANTS,
  ...GNAP_MUTANTS,
  ...PROPERTY_MUTANTS,
  ...SPEC_LINE_MUTANTS,
]

/** Real bugs the suite does not catch yet: run and reported, but they do not fail the run. */
export const KNOWN_GAPS: readonly KnownGap[] = []

import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import fc from 'fast-check'
import { bounded } from '../properties/support/run-property.ts'

// Far beyond what any of these searches needs: a bound that skipped rather than ended the search would draw
// inputs for this long, and the counts below would be in the millions. (fast-check draws one input more than it
// runs: the one that ends the search, and one ahead.)
const STOP_MS = 60_000

/** An arbitrary that counts the inputs fast-check draws from it. */
function countedIntegers(min: number, max: number): { arbitrary: fc.Arbitrary<number>; drawn: () => number } {
  let drawn = 0
  const arbitrary = fc.integer({ min, max }).map((value) => {
    drawn++
    return value
  })
  return { arbitrary, drawn: () => drawn }
}

function check<Ts>(property: fc.IAsyncPropertyWithHooks<[Ts]>) {
  return fc.check(property, { numRuns: 1000, interruptAfterTimeLimit: STOP_MS, seed: 42 })
}

/** How far a search went: inputs drawn, runs done, and how it ended. */
async function extentOf<Ts>(property: fc.IAsyncPropertyWithHooks<[Ts]>, drawn: () => number) {
  const details = await check(property)
  return { drawn: drawn(), runs: details.numRuns, failed: details.failed, interrupted: details.interrupted }
}

describe('a bounded property search', () => {
  it('ends after maxRuns inputs, drawing no more', async () => {
    const { arbitrary, drawn } = countedIntegers(0, 100)
    let calls = 0
    const extent = await extentOf(
      bounded(arbitrary, async () => ++calls > 0, Number.POSITIVE_INFINITY, 3).property,
      drawn,
    )
    assert.deepEqual({ calls, ...extent }, { calls: 3, drawn: 5, runs: 3, failed: false, interrupted: true })
  })

  it('ends at its deadline: the run in progress then is the last', async () => {
    const { arbitrary, drawn } = countedIntegers(0, 100)
    let calls = 0
    const predicate = async () => {
      calls++
      await sleep(30)
      return true
    }
    const extent = await extentOf(bounded(arbitrary, predicate, Date.now() + 20).property, drawn)
    assert.deepEqual({ calls, ...extent }, { calls: 1, drawn: 3, runs: 1, failed: false, interrupted: true })
  })

  it('below its minimum, goes on past its deadline while the test has room for a run', async () => {
    const { arbitrary, drawn } = countedIntegers(0, 100)
    let calls = 0
    let room = true
    const predicate = async () => {
      calls++
      await sleep(5)
      return true
    }
    const past = Date.now() - 1
    const minimum = await extentOf(
      bounded(arbitrary, predicate, past, Number.POSITIVE_INFINITY, { minimumRuns: 4, hasRoom: () => room })
        .property,
      drawn,
    )
    assert.deepEqual({ calls, runs: minimum.runs }, { calls: 4, runs: 4 }, 'the minimum, and no more')
    calls = 0
    const cramped = bounded(
      arbitrary,
      async () => {
        room = ++calls < 2
        return true
      },
      past,
      Number.POSITIVE_INFINITY,
      { minimumRuns: 4, hasRoom: () => room },
    )
    assert.equal((await check(cramped.property)).numRuns, 2, 'no room left for another run: it ends')
  })

  it('shrinks a failure found before the deadline past it', async () => {
    const { arbitrary } = countedIntegers(50, 100)
    const predicate = async (value: number) => {
      await sleep(30)
      return value < 10
    }
    const details = await check(bounded(arbitrary, predicate, Date.now() + 20).property)
    assert.equal(details.failed, true)
    assert.deepEqual(details.counterexample, [50])
  })

  it('ends when a check skips the test, keeping the skip and failing nothing', async () => {
    const { arbitrary, drawn } = countedIntegers(0, 100)
    const skip = new Error('Test is skipped: the target is too slow')
    const search = bounded(
      arbitrary,
      async () => {
        throw skip
      },
      Number.POSITIVE_INFINITY,
    )
    const extent = await extentOf(search.property, drawn)
    assert.deepEqual(
      { ...extent, skip: search.skip },
      { drawn: 3, runs: 1, failed: false, interrupted: true, skip: { error: skip } },
    )
  })

  it('never takes a skip met while shrinking for the counterexample: the failure found stands', async () => {
    let calls = 0
    const predicate = async (value: number) => {
      // The first run fails; from then on every check is stopped, as by a foundation step seen failing.
      if (++calls > 1) throw new Error('Test is skipped: not reached: interactive-grant fails')
      if (value > 10) throw new Error('[IP-CREATE] answered 500')
      return true
    }
    const search = bounded(fc.integer({ min: 50, max: 100 }), predicate, Number.POSITIVE_INFINITY)
    const details = await check(search.property)
    assert.equal(details.failed, true)
    assert.ok((details.counterexample?.[0] ?? 0) >= 50, String(details.counterexample))
    assert.match(String(details.errorInstance), /\[IP-CREATE\] answered 500/)
    assert.equal(search.skip, undefined)
  })
})

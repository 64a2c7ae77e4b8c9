/**
 * The known name a mistyped one was most likely meant to be: a case-insensitive match, else the nearest within
 * two edits (an insertion, a deletion, a substitution or a swap of neighbours each count one), else undefined.
 */
export function closestName(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase()
  const sameLetters = known.find((candidate) => candidate.toLowerCase() === lower)
  if (sameLetters) return sameLetters
  const ranked = known
    .map((candidate) => ({ candidate, distance: editDistance(lower, candidate.toLowerCase()) }))
    .filter(({ distance }) => distance <= 2)
    .sort((a, b) => a.distance - b.distance)
  return ranked[0]?.candidate
}

/** Optimal string alignment distance (Damerau-Levenshtein without repeated edits of one substring). */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1)
    }
  }
  return d[a.length]![b.length]!
}

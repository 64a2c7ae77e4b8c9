/** `1 rule`, `2 rules`: a count with its noun (regular plurals only; the reports' nouns are). */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}

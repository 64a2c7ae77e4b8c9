/** The same wallet address, whatever its trailing slash: how a target file's addresses are compared. */
export function sameAddress(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '')
}

/** Where the consent page sent the browser at the end of the interaction, with its query parameters. */
export interface FinishRedirect {
  url: string
  hash?: string
  interactRef?: string
  /** `grant_rejected` after a rejection (upstream and this project's decision; RFC 9635 defines no value). */
  result?: string
}

/** Whether `url` is the client's finish URI, with or without query parameters appended. */
export function isFinishUrl(url: string, finishUri: string): boolean {
  if (!url.startsWith(finishUri)) return false
  const next = url.charAt(finishUri.length)
  return next === '' || next === '?' || next === '&' || next === '#'
}

/**
 * Reads the finish parameters. A `+` stays a `+`: a standard base64 hash may carry one unescaped, and the
 * query of a URL (unlike an HTML form body) gives `+` no special meaning.
 */
export function parseFinishRedirect(url: string): FinishRedirect {
  const query = new URL(url).search.slice(1)
  const params = new Map<string, string>()
  for (const pair of query.split('&')) {
    if (pair === '') continue
    const at = pair.indexOf('=')
    const name = safeDecode(at === -1 ? pair : pair.slice(0, at))
    if (!params.has(name)) params.set(name, at === -1 ? '' : safeDecode(pair.slice(at + 1)))
  }
  return {
    url,
    hash: params.get('hash'),
    interactRef: params.get('interact_ref'),
    result: params.get('result'),
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

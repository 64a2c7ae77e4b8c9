/**
 * An absolute http(s) URL, as the target file's format `http-url` means it. Apart from the target file's loader,
 * which loads its JSON Schema validator: init checks the addresses it is given before that is needed.
 */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== ''
  } catch {
    return false
  }
}

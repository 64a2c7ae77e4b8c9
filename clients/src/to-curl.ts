import type { OutgoingRequest } from './http-message.ts'

/**
 * One shell line that replays the request byte for byte (until its signature's `created` goes stale).
 * curl's own defaults (User-Agent, a form content-type, Expect) are suppressed so that only the
 * request's headers are sent; URL globbing and dot-segment squashing are off so the target is untouched.
 */
export function toCurl(req: OutgoingRequest): string {
  const args = ['curl', '-sS', '--globoff', '--path-as-is', '-X', quote(req.method), quote(req.url)]
  for (const [name, value] of Object.entries(req.headers)) {
    // `-H 'name:'` would delete the header; `name;` is curl's spelling for an empty value.
    args.push('-H', quote(value === '' ? `${name};` : `${name}: ${value}`))
  }
  const suppressed = req.body === undefined ? ['user-agent'] : ['user-agent', 'content-type', 'expect']
  for (const name of suppressed) {
    if (!(name in req.headers)) args.push('-H', quote(`${name}:`))
  }
  if (req.body === undefined) return args.join(' ')

  const text = utf8OrUndefined(req.body)
  // A leading '@' would make curl read a file; NUL bytes cannot travel in an argument at all.
  if (text !== undefined && !text.startsWith('@') && !text.includes('\0')) {
    return [...args, '--data-binary', quote(text)].join(' ')
  }
  return `printf '${printfEscape(req.body)}' | ${[...args, '--data-binary', '@-'].join(' ')}`
}

function quote(s: string): string {
  return `'${s.replaceAll("'", `'\\''`)}'`
}

function utf8OrUndefined(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    return undefined
  }
}

/** Octal escapes for everything but plain printable ASCII, since POSIX printf has no `\x`. */
function printfEscape(bytes: Uint8Array): string {
  let out = ''
  for (const b of bytes) {
    const safe = b >= 0x20 && b < 0x7f && b !== 0x25 && b !== 0x27 && b !== 0x5c
    out += safe ? String.fromCharCode(b) : `\\${b.toString(8).padStart(3, '0')}`
  }
  return out
}

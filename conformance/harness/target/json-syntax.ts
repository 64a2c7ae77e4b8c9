/**
 * Where JSON text first breaks the grammar, as line and column, with what was found there. Node's JSON.parse
 * names a character offset at best (and, for an unexpected token, often nothing): a person needs the line.
 * Undefined when the text is valid JSON.
 */
export function jsonSyntaxError(text: string): string | undefined {
  const offset = firstErrorOffset(text)
  if (offset === undefined) return undefined
  const before = text.slice(0, offset)
  const line = before.split('\n').length
  const column = offset - before.lastIndexOf('\n')
  const found = offset < text.length ? `unexpected ${JSON.stringify(text[offset])}` : 'unexpected end of file'
  return `${found} at line ${line}, column ${column}`
}

const WHITESPACE = ' \t\n\r'
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y

/** A recursive-descent reading of RFC 8259 that only says where it stops; undefined when it reaches the end. */
function firstErrorOffset(text: string): number | undefined {
  let at = 0
  const stop = (): never => {
    throw new SyntaxAt(at)
  }
  const skipWhitespace = () => {
    while (at < text.length && WHITESPACE.includes(text[at]!)) at++
  }
  const expect = (char: string) => (text[at] === char ? at++ : stop())
  const string = () => {
    expect('"')
    for (;;) {
      const char = text[at]
      if (char === undefined || char < ' ') stop()
      at++
      if (char === '"') return
      if (char === '\\') {
        if (text[at] === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(at + 1, at + 5))) at += 5
        else if (text[at] !== undefined && '"\\/bfnrt'.includes(text[at]!)) at++
        else stop()
      }
    }
  }
  const members = (close: string, member: () => void) => {
    at++
    skipWhitespace()
    if (text[at] === close) return at++
    for (;;) {
      member()
      skipWhitespace()
      if (text[at] === ',') at++
      else return expect(close)
      skipWhitespace()
    }
  }
  const value = (): void => {
    skipWhitespace()
    const char = text[at]
    if (char === '{')
      members('}', () => {
        string()
        skipWhitespace()
        expect(':')
        value()
      })
    else if (char === '[') members(']', value)
    else if (char === '"') string()
    else {
      const literal = ['true', 'false', 'null'].find((word) => text.startsWith(word, at))
      NUMBER.lastIndex = at
      const number = NUMBER.exec(text)?.[0]
      if (literal) at += literal.length
      else if (number) at += number.length
      else stop()
    }
  }
  try {
    value()
    skipWhitespace()
    return at < text.length ? at : undefined
  } catch (error) {
    if (error instanceof SyntaxAt) return error.offset
    throw error
  }
}

class SyntaxAt extends Error {
  constructor(readonly offset: number) {
    super(`JSON syntax error at offset ${offset}`)
  }
}

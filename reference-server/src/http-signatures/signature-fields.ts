import { type Dictionary, type InnerList, type Item, isInnerList, parseDictionary } from 'structured-headers'

/** One signature of a request: its Signature-Input member and its Signature member, under one label. */
export interface SelectedSignature {
  label: string
  keyid: string
  input: InnerList
  signature: ArrayBuffer
}

export type FieldsResult =
  | { ok: true; dictionaries: [Dictionary, Dictionary] }
  | { ok: false; reason: string }

export function parseSignatureFields(signature: string, signatureInput: string): FieldsResult {
  const parsed: Dictionary[] = []
  for (const [name, value] of [
    ['Signature', signature],
    ['Signature-Input', signatureInput],
  ] as const) {
    try {
      parsed.push(parseDictionary(value))
    } catch {
      return { ok: false, reason: `${name} is not a valid structured field dictionary` }
    }
  }
  return { ok: true, dictionaries: [parsed[0]!, parsed[1]!] }
}

/**
 * Labels that occur more than once in a dictionary field. RFC 8941 parsers keep the last occurrence
 * silently, so this looks at the raw value. It is only called on values that parsed, where members can
 * only be separated by commas outside quoted strings (inner lists are space-separated, byte sequences are
 * base64), and each member starts with its key.
 */
export function repeatedKeys(field: string): string[] {
  const keys: string[] = []
  let member = ''
  let quoted = false
  let escaped = false
  for (const char of `${field},`) {
    if (quoted) {
      if (escaped) escaped = false
      else if (char === '\\') escaped = true
      else if (char === '"') quoted = false
    } else if (char === '"') quoted = true
    else if (char === ',') {
      const key = /^[a-z*][a-z0-9_.*-]*/.exec(member.trim())?.[0]
      if (key !== undefined) keys.push(key)
      member = ''
      continue
    }
    member += char
  }
  return [...new Set(keys.filter((key, index) => keys.indexOf(key) !== index))]
}

export type SelectionResult = { ok: true; selected: SelectedSignature } | { ok: false; reason: string }

/**
 * Picks the signature to verify: the first Signature-Input member whose parameters carry a string keyid,
 * whatever its label (upstream clients send `sig1`, RFC 9421 allows any).
 */
export function selectSignature(signatures: Dictionary, inputs: Dictionary): SelectionResult {
  for (const [label, member] of inputs) {
    if (!isInnerList(member)) continue
    const keyid = member[1].get('keyid')
    if (typeof keyid !== 'string') continue
    const signatureMember = signatures.get(label)
    if (signatureMember === undefined) {
      return { ok: false, reason: `Signature has no member for the label "${label}" of Signature-Input` }
    }
    const [value] = signatureMember as Item
    if (isInnerList(signatureMember) || !(value instanceof ArrayBuffer)) {
      return { ok: false, reason: `the Signature member "${label}" is not a byte sequence (:base64:)` }
    }
    return {
      ok: true,
      selected: {
        label,
        keyid,
        input: member,
        signature: value,
      },
    }
  }
  return { ok: false, reason: 'Signature-Input has no signature (inner list) with a keyid parameter' }
}

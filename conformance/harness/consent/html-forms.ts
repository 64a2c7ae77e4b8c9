/**
 * A small, tolerant reader of the forms of a server-rendered consent page: enough for pages that are plain HTML
 * forms (the HTTP consent driver), with no DOM library. Pages that need script must use the browser driver.
 */

export interface FormControl {
  tag: 'input' | 'button' | 'select' | 'textarea'
  /** Lower-case `type`; buttons default to `submit`, inputs to `text`. */
  type: string
  name?: string
  value: string
  /** What a person reads: a button's text, a submit input's value, else its aria-label. */
  label: string
  checked: boolean
  disabled: boolean
  /** `formaction` / `formmethod` of a submit control, which override the form's. */
  formAction?: string
  formMethod?: string
}

export interface HtmlForm {
  /** Absolute URL the form submits to. */
  action: string
  method: 'GET' | 'POST'
  enctype: string
  controls: FormControl[]
}

export interface FormSubmission {
  method: 'GET' | 'POST'
  url: string
  /** `application/x-www-form-urlencoded` body of a POST. */
  body?: string
}

const ELEMENT = /<(input|button|select|textarea)\b([^>]*)>(?:([\s\S]*?)<\/\1\s*>)?/gi

export function parseForms(html: string, pageUrl: string): HtmlForm[] {
  const clean = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
  const baseHref = /<base\b([^>]*)>/i.exec(clean)
  const base = resolveUrl(parseAttributes(baseHref?.[1] ?? '').get('href') ?? '', pageUrl)
  const forms: HtmlForm[] = []
  for (const match of clean.matchAll(/<form\b([^>]*)>([\s\S]*?)(?:<\/form\s*>|$)/gi)) {
    const attributes = parseAttributes(match[1] ?? '')
    forms.push({
      action: resolveUrl(attributes.get('action') ?? '', base),
      method: (attributes.get('method') ?? '').toUpperCase() === 'POST' ? 'POST' : 'GET',
      enctype: (attributes.get('enctype') ?? 'application/x-www-form-urlencoded').toLowerCase(),
      controls: parseControls(match[2] ?? ''),
    })
  }
  return forms
}

function parseControls(html: string): FormControl[] {
  const controls: FormControl[] = []
  // Void <input> elements have no closing tag; the lazy group above would swallow up to a later </input>.
  const normalized = html.replace(/<input\b([^>]*)>/gi, '<input$1></input>')
  for (const match of normalized.matchAll(ELEMENT)) {
    const tag = (match[1] ?? '').toLowerCase() as FormControl['tag']
    const attributes = parseAttributes(match[2] ?? '')
    const inner = match[3] ?? ''
    const type = (attributes.get('type') ?? (tag === 'button' ? 'submit' : tag)).toLowerCase()
    const value = controlValue(tag, attributes, inner)
    const text = tag === 'button' ? textOf(inner) : ''
    controls.push({
      tag,
      type: tag === 'input' && type === 'input' ? 'text' : type,
      name: attributes.get('name'),
      value,
      label:
        text || (tag === 'input' && isSubmitType(type) ? value : '') || attributes.get('aria-label') || '',
      checked: attributes.has('checked'),
      disabled: attributes.has('disabled'),
      formAction: attributes.get('formaction'),
      formMethod: attributes.get('formmethod'),
    })
  }
  return controls
}

function controlValue(tag: FormControl['tag'], attributes: Map<string, string>, inner: string): string {
  if (tag === 'textarea') return decodeEntities(inner)
  if (tag === 'select') {
    const options = [...inner.matchAll(/<option\b([^>]*)>([^<]*)/gi)].map((o) => ({
      attributes: parseAttributes(o[1] ?? ''),
      text: decodeEntities(o[2] ?? '').trim(),
    }))
    const chosen = options.find((o) => o.attributes.has('selected')) ?? options[0]
    return chosen ? (chosen.attributes.get('value') ?? chosen.text) : ''
  }
  return attributes.get('value') ?? (attributes.get('type')?.toLowerCase() === 'checkbox' ? 'on' : '')
}

export function isSubmit(control: FormControl): boolean {
  return (control.tag === 'button' || control.tag === 'input') && isSubmitType(control.type)
}

function isSubmitType(type: string): boolean {
  return type === 'submit' || type === 'image'
}

/** The first submit control, in any form, whose label (else name or value) matches the pattern. */
export function findSubmit(
  forms: HtmlForm[],
  pattern: RegExp,
): { form: HtmlForm; submit: FormControl } | undefined {
  const submits = forms.flatMap((form) =>
    form.controls.filter((c) => isSubmit(c) && !c.disabled).map((submit) => ({ form, submit })),
  )
  return (
    submits.find(({ submit }) => pattern.test(submit.label)) ??
    submits.find(({ submit }) => pattern.test(submit.value) || pattern.test(submit.name ?? ''))
  )
}

/** The request a browser makes when the submit control is clicked (HTML's form submission algorithm, trimmed). */
export function formSubmission(form: HtmlForm, submit: FormControl): FormSubmission {
  if (form.enctype === 'multipart/form-data' || form.enctype === 'text/plain') {
    throw new Error(
      `the consent form uses enctype ${form.enctype}; the HTTP driver sends url-encoded forms only`,
    )
  }
  const fields = new URLSearchParams()
  for (const control of form.controls) {
    if (control.disabled || control.name === undefined || control.name === '') continue
    if (isSubmit(control) || control.tag === 'button') {
      if (control === submit) fields.append(control.name, control.value)
      continue
    }
    if ((control.type === 'checkbox' || control.type === 'radio') && !control.checked) continue
    if (['file', 'reset', 'image'].includes(control.type)) continue
    fields.append(control.name, control.value)
  }
  const method = (submit.formMethod ?? form.method).toUpperCase() === 'POST' ? 'POST' : 'GET'
  const action = submit.formAction ? resolveUrl(submit.formAction, form.action) : form.action
  if (method === 'POST') return { method, url: action, body: fields.toString() }
  const url = new URL(action)
  url.search = fields.toString()
  return { method, url: url.href }
}

export function parseAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>()
  for (const match of source.matchAll(/([^\s"'=<>`/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const name = (match[1] ?? '').toLowerCase()
    if (!attributes.has(name)) attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''))
  }
  return attributes
}

function textOf(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1))
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : entity
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity
  })
}

function resolveUrl(reference: string, base: string): string {
  try {
    return new URL(reference.trim(), base).href
  } catch {
    return base
  }
}

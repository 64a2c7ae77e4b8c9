import { type ApiName, loadOpenApi } from '../../openapi/official-documents.ts'

/** One operation of the official documents and the answer its first success example gives. */
export interface ExampleAnswer {
  api: ApiName
  method: string
  /** The operation's path template, e.g. `/incoming-payments/{id}/complete`. */
  template: string
  path: RegExp
  status: number
  /** The first example of the success answer, undefined when it has no body (204) or no example. */
  body: unknown
}

interface Operation {
  responses?: Record<string, { content?: Record<string, MediaType> }>
}
interface MediaType {
  examples?: Record<string, { value?: unknown }>
  example?: unknown
  schema?: { examples?: unknown[]; example?: unknown }
}

const APIS: ApiName[] = ['resource-server', 'auth-server', 'wallet-address-server']
const METHODS = ['get', 'post', 'put', 'patch', 'delete']

/**
 * Every operation of the three official documents with its success status and example body: what a server that
 * has only read the documents would answer. The examples are the documents' own, so every answer is valid against
 * the schema the suite checks it with, and none depends on the request.
 */
export async function exampleAnswers(): Promise<ExampleAnswer[]> {
  const answers: ExampleAnswer[] = []
  for (const api of APIS) {
    const document = (await loadOpenApi(api)) as { paths: Record<string, Record<string, Operation>> }
    for (const [template, operations] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        const operation = operations[method]
        const success = Object.keys(operation?.responses ?? {}).find((status) => /^2\d\d$/.test(status))
        if (!operation || !success) continue
        const media = operation.responses?.[success]?.content?.['application/json']
        answers.push({
          api,
          method: method.toUpperCase(),
          template,
          path: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
          status: Number(success),
          body: media && firstExample(media),
        })
      }
    }
  }
  return answers
}

function firstExample(media: MediaType): unknown {
  const named = Object.values(media.examples ?? {})[0]
  return named?.value ?? media.example ?? media.schema?.examples?.[0] ?? media.schema?.example
}

import { HttpError } from '../http/errors.ts'

export enum InteractionError {
  UnknownInteraction = 'UnknownInteraction',
  ExpiredInteraction = 'ExpiredInteraction',
  AlreadyDecided = 'AlreadyDecided',
  InvalidDecision = 'InvalidDecision',
}

export function isInteractionError(value: unknown): value is InteractionError {
  return Object.values<unknown>(InteractionError).includes(value)
}

export function toHttpError(error: InteractionError): HttpError {
  switch (error) {
    case InteractionError.UnknownInteraction:
      return new HttpError(404, 'unknown_interaction', 'There is no open interaction at this URL.')
    case InteractionError.ExpiredInteraction:
      return new HttpError(
        404,
        'unknown_interaction',
        'This interaction has expired; the client must ask again.',
      )
    case InteractionError.AlreadyDecided:
      return new HttpError(409, 'invalid_interaction', 'This request was already accepted or rejected.')
    case InteractionError.InvalidDecision:
      return new HttpError(400, 'invalid_request', 'The form field "decision" must be "accept" or "reject".')
  }
}

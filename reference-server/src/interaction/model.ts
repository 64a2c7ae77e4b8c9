import { randomBytes } from 'node:crypto'
import type { PublicUrls } from '../config.ts'

export interface Interaction {
  /** The unguessable id in the consent page URL. */
  id: string
  grantId: string
  serverNonce: string
  clientNonce: string
  finishUri: string
  /** The client's publicName, read from its wallet address document when the grant was requested. */
  clientName: string | undefined
  interactRef: string | undefined
  expiresAt: Date
  decidedAt: Date | undefined
}

/** 192 random bits: the id is all that protects the consent page, so it must not be guessable. */
export function newInteractionId(): string {
  return randomBytes(24).toString('base64url')
}

export function newNonce(): string {
  return randomBytes(16).toString('base64url')
}

export const INTERACTION_ID_PATTERN = /^[A-Za-z0-9_-]{32}$/

/** The consent page; its id is the interaction's only secret. */
export function interactionUrl(urls: PublicUrls, id: string): string {
  return `${urls.authServer}/interact/${id}`
}

// RFC 9110 token68 characters; GNAP token values of this server are base64url, a subset.
const GNAP_AUTHORIZATION = /^GNAP +([A-Za-z0-9\-._~+/]+=*)$/i

/** The token of an `Authorization: GNAP <token>` header, or undefined when it is absent or malformed. */
export function gnapToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined
  return GNAP_AUTHORIZATION.exec(header.trim())?.[1]
}

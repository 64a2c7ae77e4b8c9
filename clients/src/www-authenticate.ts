/**
 * The `as_uri` of a `WWW-Authenticate: GNAP as_uri="..."` challenge (RFC 9635 9.1): the grant endpoint a
 * resource server names when it refuses a request for want of a valid token. Undefined when there is none.
 */
export function asUriOf(header: string | undefined): string | undefined {
  return /^GNAP\s+as_uri="?([^",\s]+)"?/i.exec(header ?? '')?.[1]
}

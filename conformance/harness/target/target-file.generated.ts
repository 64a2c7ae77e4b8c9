/**
 * Generated from target-file.schema.json by `npm run target:type` (conformance/tools/target-file-type.ts): do not
 * edit. Change the schema and regenerate; target-file.ts narrows what the loader checks beyond the schema.
 */

/**
 * The server under test. Documented in conformance/harness/target/README.md; the suite validates every target file against this very file. Format http-url: an absolute http: or https: URL.
 */
export interface SchemaTargetFile {
  /**
   * Path or URL of this schema, for an editor's completion and hover help; the suite ignores it.
   */
  $schema?: string
  /**
   * The target's name, shown in every report.
   */
  name: string
  /**
   * The wallet addresses the suite pays from and to, at the server under test.
   */
  walletAddresses: {
    /**
     * A funded wallet address payments are sent from.
     */
    sender: string
    /**
     * A wallet address in the sender's asset that receives payments.
     */
    receiver: string
    /**
     * Optional: a wallet address in another asset, for cross-currency quotes; without it those tests are skipped, saying why.
     */
    otherAsset?: string
  }
  /**
   * Either {"serveLocally": true} (optionally with host) or a registered client.
   */
  client: {
    /**
     * true: the suite serves its own client wallet address and JWKS on this machine.
     */
    serveLocally?: true
    /**
     * With serveLocally: the interface the local client wallet address listens on (default 127.0.0.1).
     */
    host?: string
    /**
     * A registered client: the client's wallet address, whose jwks.json publishes the key keyId.
     */
    walletAddress?: string
    /**
     * A registered client: the kid of its key in the wallet address's jwks.json.
     */
    keyId?: string
    /**
     * A registered client: the Ed25519 private key inline, PKCS#8 PEM or base64 of it. Exactly one of privateKey and privateKeyFile.
     */
    privateKey?: string
    /**
     * A registered client: path of the PKCS#8 PEM private key, relative to the target file. Exactly one of privateKey and privateKeyFile.
     */
    privateKeyFile?: string
  }
  secondClient?: RegisteredClient
  /**
   * How the suite gives consent to outgoing-payment grants on the page at interact.redirect.
   */
  consent?: {
    /**
     * browser (Chromium, optionally with script) or http (plain HTML forms). Default: browser when a Chromium starts, else http.
     */
    driver: 'browser' | 'http'
    /**
     * With driver browser: a module, relative to the target file, whose default export accepts or rejects on the consent page (see accept-consent.ts).
     */
    script?: string
  }
  /**
   * What the target lets the suite do.
   */
  capabilities?: {
    /**
     * true: always wait for an access token to expire (TOKEN-EXPIRY); false: skip that check, saying why; unset: wait when tokens live at most waits.expirySeconds.
     */
    tokenExpiryWaitable?: boolean
    /**
     * true: an outgoing payment its sender cannot cover ends with failed: true (or is refused), checked under OP-FAILED; unset or false: that check is skipped, since holding an unfunded payment until it is funded is the ASE's business.
     */
    unfundedPaymentsFail?: boolean
  }
  /**
   * What the target's ledger lets the suite move.
   */
  amounts?: {
    /**
     * a positive integer as a decimal string, at most 19 digits (e.g. "100")
     */
    minimum?: string
  }
  /**
   * How long the suite may wait.
   */
  waits?: {
    /**
     * The longest the suite waits for a token or a quote to expire, 1 to 86400 (default 120 s for tokens, 30 s for quotes); a longer wait skips the check, saying why.
     */
    expirySeconds?: number
    /**
     * The longest a payment may take to settle, 1 to 3600 (default 30 s); a slower settlement skips the check, naming this field.
     */
    settlementSeconds?: number
    /**
     * The longest continue.wait the suite honours before a grant continuation, 1 to 3600 (default 60 s); a longer wait skips the tests that need that continuation, naming this field.
     */
    continueSeconds?: number
  }
  /**
   * What the target allows for incoming payments.
   */
  incomingPayments?: {
    /**
     * The shortest lifetime (expiresAt) of an incoming payment the target accepts, 1 to 86400 seconds.
     */
    minimumLifetimeSeconds?: number
  }
  /**
   * What the target allows for grants.
   */
  grants?: {
    /**
     * The shortest interval of a grant limit the target accepts, 1 to 31536000 seconds.
     */
    minimumIntervalSeconds?: number
  }
  /**
   * Identities the suite reaches at another address (a server behind a proxy the suite does not go through); see the README's Routes section.
   */
  routes?: {
    /**
     * An origin with an optional path, as the target publishes its URLs; every URL under it is routed.
     */
    identity: string
    /**
     * Where the URLs under identity are sent instead, same path below it.
     */
    transport: string
    /**
     * Headers added to every routed request, e.g. X-Forwarded-Proto: https.
     */
    headers?: {
      /**
       * a header value without line breaks
       */
      [k: string]: string
    }
    /**
     * The URL the HTTP message signature covers as @target-uri: identity (default) or transport.
     */
    signedTargetUri?: 'identity' | 'transport'
  }[]
  /**
   * The target's TLS certificates, trusted on top of the usual ones.
   */
  tls?: {
    /**
     * A PEM file, relative to the target file, of the CA or self-signed certificates the target's https:// addresses use.
     */
    caFile: string
  }
  /**
   * Free text for people; the suite ignores it.
   */
  $comment?: string
}
/**
 * Optional: a second registered client (another wallet address, its keyId and key), for the checks between two clients. Without it a serveLocally target gets a second local client; a registered-client target skips those checks, saying so.
 */
export interface RegisteredClient {
  /**
   * A registered client: the client's wallet address, whose jwks.json publishes the key keyId.
   */
  walletAddress?: string
  /**
   * A registered client: the kid of its key in the wallet address's jwks.json.
   */
  keyId?: string
  /**
   * A registered client: the Ed25519 private key inline, PKCS#8 PEM or base64 of it. Exactly one of privateKey and privateKeyFile.
   */
  privateKey?: string
  /**
   * A registered client: path of the PKCS#8 PEM private key, relative to the target file. Exactly one of privateKey and privateKeyFile.
   */
  privateKeyFile?: string
}

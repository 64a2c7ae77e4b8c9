import assert from 'node:assert/strict'
import { before, test } from 'node:test'
import type { IncomingPayment, WalletAddress } from '@interledger/open-payments'
import { breakableMembers, type RequestSchemas } from '../harness/openapi/breakable-members.ts'
import { OPERATIONS } from '../harness/openapi/operations.ts'
import { ResponseValidator } from '../harness/openapi/response-validator.ts'
import { malformedTargets } from '../properties/support/malformed-targets.ts'

let official: ResponseValidator

before(async () => {
  official = await ResponseValidator.create()
})

function walletAddress(name: string): WalletAddress {
  return {
    id: `https://ase.example/${name}`,
    assetCode: 'USD',
    assetScale: 2,
    authServer: 'https://auth.ase.example',
    resourceServer: 'https://ase.example',
  }
}

/** The tables of the property's four creates, as derived for the bodies it sends. */
function derivedTables(schemas: RequestSchemas) {
  const { creates } = malformedTargets(
    { sender: walletAddress('alice'), receiver: walletAddress('bob'), unit: 1n },
    { incoming: 'token-in', quote: 'token-qt', outgoing: 'token-out' },
    { id: 'https://ase.example/incoming-payments/1' } as IncomingPayment,
    'https://client.example/wallet',
    'marker-1',
    schemas,
  )
  return Object.fromEntries(
    creates.map(({ name, members, required, rule }) => [name, { members, required, rule }]),
  )
}

test('the malformed-input table read from the official request schemas is the one the property breaks', () => {
  assert.deepStrictEqual(derivedTables(official), {
    'incoming payment': {
      members: { walletAddress: 'url', incomingAmount: 'amount', expiresAt: 'string' },
      required: ['walletAddress'],
      rule: 'IP-CREATE',
    },
    // Without its debitAmount the quote is still one of an incoming payment with an amount: not required.
    quote: {
      members: { walletAddress: 'url', receiver: 'url', method: 'string', debitAmount: 'amount' },
      required: ['walletAddress', 'receiver', 'method'],
      rule: 'QT-CREATE',
    },
    'outgoing payment': {
      members: { walletAddress: 'url', incomingPayment: 'url', debitAmount: 'amount' },
      required: ['walletAddress', 'incomingPayment', 'debitAmount'],
      rule: 'OP-CREATE-INCOMING',
    },
    'grant request': {
      members: { client: 'url', access_token: 'object' },
      required: ['client', 'access_token'],
      rule: 'GNAP-GRANT-INVALID',
    },
  })
})

interface ObjectSchema {
  properties: Record<string, { format?: string }>
  required: string[]
}

/** The official schemas, but with the incoming-payment create's request schema changed by `change`. */
function withIncomingPaymentSchema(change: (schema: ObjectSchema) => void): RequestSchemas {
  const { api, operationId } = OPERATIONS.createIncomingPayment
  const changed = structuredClone(official.requestSchema(api, operationId)) as ObjectSchema
  change(changed)
  return {
    requestSchema: (inApi, inOperation) =>
      inApi === api && inOperation === operationId ? changed : official.requestSchema(inApi, inOperation),
    component: (inApi, name) => official.component(inApi, name),
  }
}

test('the table follows the schema: a member whose format is no longer uri is no longer a URL', () => {
  const schemas = withIncomingPaymentSchema((schema) => {
    const { walletAddress } = schema.properties
    if (walletAddress) walletAddress.format = 'email'
  })
  assert.deepStrictEqual(derivedTables(schemas)['incoming payment']?.members, {
    walletAddress: 'string',
    incomingAmount: 'amount',
    expiresAt: 'string',
  })
})

test('the table follows the schema: a member it requires is required, one it does not is not', () => {
  const schemas = withIncomingPaymentSchema((schema) => {
    schema.required = ['expiresAt']
  })
  assert.deepStrictEqual(derivedTables(schemas)['incoming payment']?.required, ['expiresAt'])
})

test('a member the correct body does not send is not listed, and a body no form admits is refused', () => {
  const { createOutgoingPayment } = OPERATIONS
  const fromQuote = { walletAddress: 'https://ase.example/alice', quoteId: 'https://ase.example/quotes/1' }
  assert.deepStrictEqual(breakableMembers(official, createOutgoingPayment, fromQuote), {
    members: { walletAddress: 'url', quoteId: 'url' },
    required: ['walletAddress', 'quoteId'],
  })
  assert.throws(
    () => breakableMembers(official, createOutgoingPayment, { ...fromQuote, debitAmount: {} }),
    /no form of the request schema admits a body of walletAddress, quoteId, debitAmount/,
  )
})

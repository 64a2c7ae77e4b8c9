import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Config } from '../../src/config.ts'
import { createDatabase, type Database, migrateDatabase } from '../../src/db/database.ts'
import { createLogger } from '../../src/logger.ts'
import { seedDatabase } from '../../src/seed/apply-seed.ts'
import { SeedError } from '../../src/seed/seed-file.ts'
import { startServer } from '../../src/server.ts'
import { createServices, type Services } from '../../src/services.ts'
import { isWalletAddressError } from '../../src/wallet-addresses/errors.ts'
import { PUBLISHED_TTL_MS } from '../../src/wallet-addresses/published-cache.ts'
import { databaseVariants, fixture, getJson, testConfig } from '../support/helpers.ts'

const silent = createLogger({ logLevel: 'silent' })
const key = {
  kid: 'k2',
  alg: 'EdDSA',
  kty: 'OKP',
  crv: 'Ed25519',
  x: 'JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs',
}

for (const variant of databaseVariants('seed')) {
  describe(`seeding (${variant.name})`, () => {
    let config: Config
    let db: Database
    let services: Services
    let dir: string

    before(async () => {
      config = testConfig(await variant.setUp())
      db = createDatabase(config, silent)
      await migrateDatabase(db, { reset: config.databaseReset })
      services = createServices({ db })
      dir = await mkdtemp(path.join(tmpdir(), 'seed-'))
    })

    after(async () => {
      await db.destroy()
      await variant.tearDown()
      await rm(dir, { recursive: true, force: true })
    })

    const balances = async () => {
      const rows = await db('wallet_addresses').orderBy('name').select<{ name: string; balance: string }[]>()
      return Object.fromEntries(rows.map((row) => [row.name, row.balance]))
    }
    const seedFile = async (walletAddresses: unknown[]) => {
      const file = path.join(dir, `${Math.random()}.json`)
      await writeFile(file, JSON.stringify({ walletAddresses }))
      return file
    }
    const seedWith = async (walletAddresses: unknown[]) =>
      seedDatabase({ walletAddressService: services.walletAddresses }, await seedFile(walletAddresses))

    it('creates the addresses with their opening balances as seed movements', async () => {
      const seeded = await seedDatabase(
        { walletAddressService: services.walletAddresses },
        fixture('seed.json'),
      )
      assert.deepEqual(
        seeded.map((s) => [s.walletAddress.name, s.created, s.walletAddress.balance]),
        [
          ['alice', true, 100000000n],
          ['bob', true, 100000000n],
          ['carol', true, 18446744073709551615n],
        ],
      )
      // numeric(20,0) comes back as an exact decimal string from both drivers, even at 2^64-1.
      assert.deepEqual(await balances(), {
        alice: '100000000',
        bob: '100000000',
        carol: '18446744073709551615',
      })
      const movements = await db('ledger_movements').select('kind', 'amount')
      assert.equal(movements.length, 3)
      assert.ok(movements.every((m) => m.kind === 'seed' && typeof m.amount === 'string'))
    })

    it('does not create money when run again', async () => {
      const before = await balances()
      const seeded = await seedDatabase(
        { walletAddressService: services.walletAddresses },
        fixture('seed.json'),
      )
      assert.ok(seeded.every((s) => !s.created))
      assert.deepEqual(await balances(), before)
      assert.equal((await db('ledger_movements').count<{ count: string }[]>({ count: '*' }))[0]?.count, '3')
    })

    it('updates the public name and replaces the keys, but never the balance', async () => {
      await seedWith([
        { name: 'alice', publicName: 'Alice B.', assetCode: 'USD', assetScale: 2, balance: '5', keys: [key] },
      ])
      const alice = await services.walletAddresses.getByName('alice')
      assert.ok(!isWalletAddressError(alice))
      assert.equal(alice.publicName, 'Alice B.')
      assert.equal(alice.balance, 100000000n)
      assert.deepEqual(await services.walletAddresses.getKeys('alice'), [key])

      await seedWith([{ name: 'alice', assetCode: 'USD', assetScale: 2 }])
      const renamed = await services.walletAddresses.getByName('alice')
      assert.ok(!isWalletAddressError(renamed))
      assert.equal(renamed.publicName, undefined)
      assert.deepEqual(await services.walletAddresses.getKeys('alice'), [])
    })

    it('serves what another process re-seeds on the same database within PUBLISHED_TTL_MS', async () => {
      const other = createServices({ db })
      assert.deepEqual(await services.walletAddresses.getKeys('alice'), [])
      await seedDatabase(
        { walletAddressService: other.walletAddresses },
        await seedFile([
          { name: 'alice', publicName: 'Alice C.', assetCode: 'USD', assetScale: 2, keys: [key] },
        ]),
      )
      const published = async () => {
        const alice = await services.walletAddresses.getPublished('alice')
        assert.ok(!isWalletAddressError(alice))
        return [alice.publicName, alice.keys]
      }
      const deadline = Date.now() + PUBLISHED_TTL_MS + 1000
      while (Date.now() < deadline && (await published())[0] !== 'Alice C.') await sleep(50)
      assert.deepEqual(await published(), ['Alice C.', [key]])
      await seedWith([{ name: 'alice', assetCode: 'USD', assetScale: 2 }])
    })

    it('refuses to change the asset of an existing address, naming the entry', async () => {
      await assert.rejects(
        seedWith([{ name: 'bob', assetCode: 'EUR', assetScale: 2 }]),
        (err: unknown) =>
          err instanceof SeedError && /walletAddresses\[0\] \(bob\): .*another asset/.test(err.message),
      )
      assert.equal((await balances()).bob, '100000000')
    })

    it('creates an unfunded address without a ledger movement', async () => {
      const [dave] = await seedWith([{ name: 'dave', assetCode: 'XRP', assetScale: 9 }])
      assert.equal(dave?.created, true)
      assert.equal(dave?.walletAddress.balance, 0n)
      assert.equal(
        (await db('ledger_movements').where({ wallet_address_id: dave?.walletAddress.id }).select()).length,
        0,
      )
    })

    it('enforces asset scale and balance ranges in the database too', async () => {
      await assert.rejects(db('wallet_addresses').insert({ name: 'x', asset_code: 'USD', asset_scale: 256 }))
      await assert.rejects(
        db('wallet_addresses').insert({
          name: 'y',
          asset_code: 'USD',
          asset_scale: 2,
          balance: '18446744073709551616',
        }),
      )
    })
  })
}

describe('restarting on a persistent embedded database', () => {
  it('keeps balances and does not credit the seed again', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pglite-'))
    try {
      for (let run = 0; run < 2; run++) {
        const server = await startServer(testConfig({ PGLITE_DATA_DIR: dataDir }))
        try {
          const { body } = await getJson(`${server.url}/alice`)
          assert.equal((body as { publicName: string }).publicName, 'Alice')
        } finally {
          await server.close()
        }
      }
      const db = createDatabase({ databaseUrl: undefined, pgliteDataDir: dataDir }, silent)
      try {
        const movements = await db('ledger_movements').select('amount')
        assert.equal(movements.length, 3)
      } finally {
        await db.destroy()
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})

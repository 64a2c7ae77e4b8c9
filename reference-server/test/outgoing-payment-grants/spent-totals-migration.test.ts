import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, it } from 'node:test'
import { migrationSource } from '../../src/db/migrations/index.ts'
import { checkLedger } from '../../src/ledger/invariant.ts'
import { databaseVariants } from '../support/helpers.ts'
import { BASE, CLIENT, noLimits, startPaymentServices, usd } from '../support/payment-services-fixture.ts'

// A database migrated before 0005 holds payments but no totals: the migration must rebuild what each grant has
// spent, per interval, without the payments that failed.
for (const variant of databaseVariants('spent-totals-migration')) {
  describe(`the grant totals migration (${variant.name})`, () => {
    it("rebuilds each grant's totals from its payments, in the interval its limits give them, as the ledger check confirms", async () => {
      const f = await startPaymentServices(variant)
      try {
        const interval = 'R/2020-01-01T00:00:00Z/PT1H'
        const hourly = { ...noLimits, interval, debitAmount: usd(1000n) }
        const grantId = randomUUID()
        await f.db('grants').insert({
          id: grantId,
          client: CLIENT,
          access: JSON.stringify([
            {
              type: 'outgoing-payment',
              actions: ['create'],
              identifier: `${BASE}/alice`,
              limits: { interval },
            },
          ]),
          state: 'issued',
          continue_token: randomUUID(),
        })
        const small = await f.incoming({ incomingAmount: usd(10n) })
        const open = await f.incoming()
        const grant = { id: grantId, limits: hourly }
        f.created(await f.pay({ grant, source: { incomingPaymentId: small.id, debitAmount: usd(10n) } }))
        // Pays a receiver the first one completes: it fails, and its 10 are released.
        f.created(await f.pay({ grant, source: { incomingPaymentId: small.id, debitAmount: usd(10n) } }))
        f.created(await f.pay({ source: { incomingPaymentId: open.id, debitAmount: usd(5n) } }))
        f.created(await f.pay({ source: { incomingPaymentId: open.id, debitAmount: usd(7n) } }))
        await f.settleAll()
        const spent = () =>
          Promise.all([
            f.services.outgoingPaymentGrants.getSpent(grantId, hourly, new Date()),
            f.services.outgoingPaymentGrants.getSpent('grant-default', noLimits, new Date()),
          ])
        const kept = await spent()
        assert.deepEqual(kept, [
          { debit: usd(10n), receive: usd(10n) },
          { debit: usd(12n), receive: usd(12n) },
        ])

        await f.db.migrate.down({ migrationSource, name: '0006_grant_spent_caps' })
        await f.db.migrate.down({ migrationSource, name: '0005_grant_spent_totals' })
        assert.equal(await f.db.schema.hasTable('outgoing_payment_grant_spent'), false)
        await f.db.migrate.latest({ migrationSource })
        assert.deepEqual(await spent(), kept)
        assert.deepEqual((await checkLedger(f.db)).grantsOutOfStep, [])
        // The ledger check reads the totals against the payments, so a total out of step is named.
        await f
          .db('outgoing_payment_grant_spent')
          .where({ grant_id: grantId, side: 'debit' })
          .update({ total: 11 })
        const ledger = await checkLedger(f.db)
        assert.deepEqual([ledger.grantsOutOfStep, ledger.balanced], [[grantId], false])
      } finally {
        await f.close()
      }
    })
  })
}

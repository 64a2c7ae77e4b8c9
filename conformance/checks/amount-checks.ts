import type { WalletAddress } from '@interledger/open-payments'
import { expect } from '../harness/expect/conformance-expect.ts'
import { rule } from '../harness/rules/covers.ts'
import type { RuleRef } from '../harness/rules/registry.ts'
import { type Amount, describeAmount, sameAsset } from '../steps/amounts.ts'

/** A positive amount in the wallet address's asset: how every amount the server works out must look. */
export function expectAmountIn(
  ruleId: RuleRef,
  amount: Amount | undefined,
  walletAddress: WalletAddress,
  what: string,
): void {
  expect(
    amount !== undefined && sameAsset(amount, walletAddress) && BigInt(amount.value) > 0n,
    rule(
      ruleId,
      `${what} is a positive amount in ${walletAddress.assetCode}/${walletAddress.assetScale}, the asset of ` +
        `${walletAddress.id} (got ${describeAmount(amount)})`,
    ),
  ).toBe(true)
}

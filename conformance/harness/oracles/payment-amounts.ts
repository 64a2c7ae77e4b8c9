interface Asset {
  assetCode: string
  assetScale: number
}

interface Amount extends Asset {
  value: string
}

export function sameAsset(a: Asset, b: Asset): boolean {
  return a.assetCode === b.assetCode && a.assetScale === b.assetScale
}

/**
 * Whether sentAmount shows the whole payment sent. Servers count it in the sender's asset up to debitAmount
 * (Rafiki, the reference server) or in the receiver's up to receiveAmount (decisions.md); with fees in one
 * asset it lands between the two, which the receive side accepts.
 */
export function isFullySent(payment: {
  sentAmount: Amount
  debitAmount: Amount
  receiveAmount: Amount
}): boolean {
  const { sentAmount: sent, debitAmount: debit, receiveAmount: receive } = payment
  if (sameAsset(sent, receive) && BigInt(sent.value) >= BigInt(receive.value)) return true
  return sameAsset(sent, debit) && BigInt(sent.value) >= BigInt(debit.value)
}

import { createInterface } from 'node:readline/promises'
import { isHttpUrl } from '../conformance/harness/target/http-url.ts'
import { sameAddress } from '../conformance/harness/target/same-address.ts'

/**
 * The receiver of the target file: --receiver, else one the template knows at this ASE, else asked on a terminal.
 * Never the sender: a payment to oneself proves nothing about moving money, and some ASEs refuse it. Undefined
 * when none is found and nobody can be asked: init stops and says what to give.
 */
export async function chooseReceiver(
  sender: string,
  given: string | undefined,
  known: readonly string[],
): Promise<string | undefined> {
  const found = given ?? known.find((url) => !sameAddress(url, sender))
  if (found !== undefined || !process.stdin.isTTY || !process.stdout.isTTY) return found
  const prompt = createInterface({ input: process.stdin, output: process.stdout })
  try {
    const answer = (
      await prompt.question(
        "The receiver: another wallet address at this ASE, in the sender's asset (URL, or empty to stop): ",
      )
    ).trim()
    return isHttpUrl(answer) && !sameAddress(answer, sender) ? answer : undefined
  } finally {
    prompt.close()
  }
}

export function noReceiverMessage(sender: string): string {
  return (
    `init: walletAddresses.receiver: no wallet address other than the sender ${sender} is known at this ASE; ` +
    "give --receiver URL (a wallet address in the sender's asset that receives the test payments); no file written"
  )
}

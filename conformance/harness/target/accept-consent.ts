import type { ConsentScript } from '../consent/consent-script.ts'

/**
 * Example consent script (the `consent.script` of example-target.json). The browser driver has already
 * opened `interact.redirect`; the script acts as the account holder and presses the button for `decision`.
 * The driver catches the redirect to the finish URI itself, so the script never waits for it.
 */
const consent: ConsentScript = async ({ page, decision }) => {
  // A wallet that asks the account holder to log in first; the credentials come from the environment.
  const logIn = page.getByRole('button', { name: /^(log|sign) ?in$/i })
  if (await logIn.isVisible()) {
    await page.getByLabel(/user ?name|e-?mail/i).fill(process.env.CONSENT_USERNAME ?? '')
    await page.getByLabel(/password/i).fill(process.env.CONSENT_PASSWORD ?? '')
    await logIn.click()
  }
  const button = decision === 'accept' ? /^(accept|approve|allow)$/i : /^(reject|decline|deny)$/i
  await page.getByRole('button', { name: button }).click()
}

export default consent

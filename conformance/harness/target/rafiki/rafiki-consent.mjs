// Consent script for Rafiki's mock ASE IdP page (browser driver). The suite opens interact.redirect
// (AS :3006 sets its session cookie and redirects to http://127.0.0.1:3030/mock-idp/?interactId=..&nonce=..),
// the page shows buttons "Yes" (aria-label allow) and "No" (aria-label deny). The choice leads to
// /mock-idp/consent, whose JS posts the decision to the IdP back channel (:3009 /grant/:id/:nonce/accept|reject,
// x-idp-secret), then shows a button "OK" (aria-label close) that goes to the AS's /interact/:id/:nonce/finish,
// which redirects to the client's finish URI. The browser driver catches that redirect itself.
//
// Race: until the back-channel POST has answered, /mock-idp/consent renders its "rejected" view with an OK button
// whose target is /interact/undefined/undefined/finish. Clicking it then never reaches the finish URI (this made
// 2 consents time out in the first full run). So wait for the POST's answer, and give React a moment to re-render.
export default async function rafikiConsent({ page, decision }) {
  const decided = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/grant\/[^/]+\/[^/]+\/(accept|reject)(\?|$)/.test(r.url()),
    { timeout: 20_000 },
  )
  await page
    .getByRole('button', { name: decision === 'accept' ? 'allow' : 'deny' })
    .click({ timeout: 20_000 })
  const answer = await decided
  if (!answer.ok()) throw new Error(`IdP ${decision} answered HTTP ${answer.status()}`)
  await page.waitForTimeout(300)
  await page.getByRole('button', { name: 'close' }).click({ timeout: 20_000 })
}

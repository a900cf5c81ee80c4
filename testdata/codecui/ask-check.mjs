// Drives Debian's chromium with playwright-core against the Temporal dev
// server's Web UI (see internal/e2e TestConversationAskFromUI): on the page
// of a running conversation, "Send an Update" with name ask and ASK_INPUT,
// then the page shows the turn's answer (ANSWER).
//
// Env: UI_URL, NAMESPACE, WORKFLOW_ID, RUN_ID, ASK_INPUT, ANSWER, CHROMIUM,
// SCREENSHOT_DIR (optional). Exits non-zero with a message on failure.
import { env, launch, ns, shots, timeout, ui } from './ui.mjs';

const browser = await launch();
let failed = false;
const page = await browser.newPage();
try {
  const wf = `${ui}/namespaces/${encodeURIComponent(ns)}/workflows/${encodeURIComponent(env('WORKFLOW_ID'))}/${encodeURIComponent(env('RUN_ID'))}/history`;
  // A running workflow's page polls, so the network never goes idle.
  await page.goto(wf, { waitUntil: 'load', timeout });
  await page.getByText(env('WORKFLOW_ID')).first().waitFor({ timeout });
  // The page renders its header twice (wide and narrow layouts): use
  // what is visible.
  await page.locator('button:has-text("More Actions") >> visible=true').first().click();
  await page.locator('text=Send an Update >> visible=true').first().click();
  const dialog = page.locator('dialog[data-testid=update-confirmation-modal][open]');
  // The names come from the workflow's handlers (its metadata query).
  await dialog.getByTestId('update-select-button').click();
  await page.getByRole('option', { name: /^ask/ }).first().click();
  await dialog.locator('.cm-content').click();
  await page.keyboard.insertText(env('ASK_INPUT'));
  await dialog.getByTestId('confirm-modal-button').click();
  console.log('ask-check: sent the ask Update from the UI');
  const answer = env('ANSWER');
  try {
    await page.getByText(answer, { exact: false }).first().waitFor({ timeout });
  } catch (e) {
    const body = (await page.innerText('body')).slice(0, 3000);
    throw new Error(`the page never showed the answer ${JSON.stringify(answer)}; page text:\n${body}`);
  }
  console.log(`ask-check: the page shows the answer (${answer})`);
} catch (e) {
  failed = true;
  console.error(`ask-check: ${e.message}`);
  if (shots) await page.screenshot({ path: `${shots}/ask-ui.png`, fullPage: true });
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);

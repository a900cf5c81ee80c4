// Drives Debian's chromium with playwright-core against the Temporal dev
// server's Web UI, started with --ui-codec-endpoint (see internal/e2e
// TestCodecUI, which sets the environment and checks the outcome):
//
//  1. the page of an encrypted workflow shows its decoded input (MARKER);
//  2. the "Start Workflow" form starts FORM_WORKFLOW_ID with FORM_INPUT.
//
// Env: UI_URL, NAMESPACE, WORKFLOW_ID, RUN_ID, MARKER, FORM_WORKFLOW_ID,
// TASK_QUEUE, WORKFLOW_TYPE, FORM_INPUT, CHROMIUM (/usr/bin/chromium),
// SCREENSHOT_DIR (optional). Exits non-zero with a message on failure.
import { env, launch, ns, shots, timeout, ui } from './ui.mjs';

const browser = await launch();
const codecCalls = {};
let failed = false;
try {
  const page = await browser.newPage();
  page.on('request', (r) => {
    const m = /\/(encode|decode)$/.exec(new URL(r.url()).pathname);
    if (m && r.method() === 'POST') codecCalls[m[1]] = (codecCalls[m[1]] ?? 0) + 1;
  });

  // 1. The encrypted workflow's input, decoded through the codec server.
  const wf = `${ui}/namespaces/${encodeURIComponent(ns)}/workflows/${encodeURIComponent(env('WORKFLOW_ID'))}/${encodeURIComponent(env('RUN_ID'))}/history`;
  await page.goto(wf, { waitUntil: 'networkidle', timeout });
  const marker = env('MARKER');
  try {
    await page.getByText(marker, { exact: false }).first().waitFor({ timeout });
  } catch (e) {
    if (shots) await page.screenshot({ path: `${shots}/codec-ui-history.png`, fullPage: true });
    const body = (await page.innerText('body')).slice(0, 2000);
    throw new Error(`the workflow page never showed the decoded input ${JSON.stringify(marker)}; page text:\n${body}`);
  }
  console.log(`ui-check: workflow page shows the decoded input (${marker})`);

  // 2. Start a workflow from the form.
  const formID = env('FORM_WORKFLOW_ID');
  await page.goto(`${ui}/namespaces/${encodeURIComponent(ns)}/workflows/start-workflow`, { waitUntil: 'networkidle', timeout });
  await page.fill('#workflowId', formID);
  await page.fill('#taskQueue', env('TASK_QUEUE'));
  await page.fill('#workflowType', env('WORKFLOW_TYPE', 'AnalysisWorkflow'));
  await page.click('.cm-content');
  await page.keyboard.insertText(env('FORM_INPUT'));
  const started = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().includes(`/workflows/${encodeURIComponent(formID)}`),
    { timeout },
  );
  // A pointer click right after typing can land on the editor's
  // transient widgets; the keyboard reaches the button itself.
  const button = page.getByTestId('start-workflow-button');
  await button.focus();
  await page.keyboard.press('Enter');
  const resp = await started;
  if (!resp.ok()) throw new Error(`the form's start request failed: ${resp.status()} ${await resp.text()}`);
  console.log(`ui-check: the form started ${formID}`);
} catch (e) {
  failed = true;
  console.error(`ui-check: ${e.message}`);
} finally {
  console.log(`ui-check: codec calls: ${JSON.stringify(codecCalls)}`);
  await browser.close();
}
process.exit(failed ? 1 : 0);

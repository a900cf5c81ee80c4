// What the UI checks share: their environment and the browser.
import { chromium } from 'playwright-core';

// env returns the variable name, or fallback; unset and no fallback throws.
export const env = (name, fallback) => {
  const v = process.env[name] ?? fallback;
  if (v === undefined || v === '') throw new Error(`${name}: required but not set`);
  return v;
};
export const ui = env('UI_URL').replace(/\/$/, '');
export const ns = env('NAMESPACE', 'default');
export const shots = process.env.SCREENSHOT_DIR;
export const timeout = 60_000; // an upper bound for the UI to render, not an assertion

// launch starts Debian's chromium (CHROMIUM).
export const launch = () =>
  chromium.launch({
    executablePath: env('CHROMIUM', '/usr/bin/chromium'),
    // Root in CI has no user namespaces for chromium's sandbox.
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });

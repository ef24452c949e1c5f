import type { FullConfig } from '@playwright/test';

/**
 * Global set-up: waits until the platform server (the second server the webServer command starts, for the journeys
 * that change platform-wide settings; docs/decisions/1352) answers its health check and serves the web app.
 * Playwright itself waits only for the main server.
 */
export default async function waitForPlatformServer(config: FullConfig) {
  const project = config.projects.find((p) => p.name === 'platform-settings');
  const baseURL = project?.use.baseURL;
  if (!baseURL) throw new Error('playwright.config.ts: the platform-settings project has no baseURL');
  const deadline = Date.now() + 180_000;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const [health, app] = await Promise.all([fetch(`${baseURL}/api/health`), fetch(`${baseURL}/admin`)]);
      if (health.ok && app.ok) return;
      last = `health ${health.status}, /admin ${app.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The platform server at ${baseURL} did not start within 180 s (${last})`);
}

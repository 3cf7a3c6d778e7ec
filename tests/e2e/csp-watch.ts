import type { Page } from '@playwright/test';

/**
 * Records every Content-Security-Policy violation on a page. The listener is installed before
 * any page script runs and reports through a binding, so a violation is seen whether or not the
 * browser also prints it to the console (older Chromium builds stayed silent about blocked
 * inline handlers).
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeBinding('__reportCspViolation', (_source, text: string) => {
    violations.push(text);
  });
  await page.addInitScript(() => {
    const report = (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation;
    document.addEventListener('securitypolicyviolation', (event) => {
      const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
      report(
        `${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'}${where}: ${event.sample}`,
      );
    });
  });
  return violations;
}

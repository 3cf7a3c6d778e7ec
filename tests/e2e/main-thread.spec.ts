import { test, expect } from './fixtures';
import { insertRows, unique } from './community-helpers';

// A page's first use of Intl (toLocaleString, DateTimeFormat …) loads the browser's locale data:
// 20-30 ms of main thread here, about 100 ms on the slow phone Lighthouse simulates, all of it
// inside the render that shows the forum's or the registry's first page. Those islands format
// numbers and dates without Intl, so opening them costs no such task.
test('the forum and the registry show their lists without calling Intl', async ({ page, request }) => {
  const tag = unique('intl');
  await insertRows(request, 'posts', [{ content: `${tag} post`, author_name: 'Yiannis' }]);
  await insertRows(request, 'mota_ideas', [
    { issue: `${tag} issue`, mitigation: 'A mitigation', proposed_by: 'Eleni', notes: null },
  ]);
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { intlCalls: string[] }).intlCalls = calls;
    const watch = (owner: object, name: string, label: string) => {
      const original = Reflect.get(owner, name) as (...args: unknown[]) => unknown;
      const record = {
        apply: (...a: Parameters<typeof Reflect.apply>) => (calls.push(label), Reflect.apply(...a)),
        construct: (...a: Parameters<typeof Reflect.construct>) => (calls.push(label), Reflect.construct(...a)),
      };
      Reflect.set(owner, name, new Proxy(original, record));
    };
    for (const name of ['NumberFormat', 'DateTimeFormat', 'PluralRules', 'RelativeTimeFormat', 'Collator'])
      watch(Intl, name, `Intl.${name}`);
    watch(Number.prototype, 'toLocaleString', 'Number#toLocaleString');
    for (const name of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'])
      watch(Date.prototype, name, `Date#${name}`);
  });
  for (const route of ['/forum', '/mota']) {
    await page.goto(route);
    await expect(page.locator('[data-summary]')).toBeVisible();
    // Other tests add rows meanwhile, so the row above may be on a later page: any row's date will do.
    await expect(page.locator('main time').first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { intlCalls: string[] }).intlCalls), route).toEqual([]);
  }
});

import { test, expect } from './fixtures';
import { frames, pagePaths } from './helpers';

// A reader who sets the browser's text to 200 % enlarges every rem while the screen stays as
// wide: on a phone the layout has the room of a 195 px screen. Nothing may then need sideways
// scrolling, nor be cut off by a box that hides its overflow (the home page's hero); and the
// header's menus, under WCAG's text-spacing override too, open within the window.
const TEXT_SPACING =
  '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important } p { margin-bottom: 2em !important }';
const LARGE_TEXT = ':root { font-size: 200% }';

test('with the text at 200 %, no page scrolls sideways or cuts off its words, and the menus stay on screen', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const problems: string[] = [];
  for (const path of await pagePaths(page)) {
    await page.goto(path);
    await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
    await frames(page, 1);
    problems.push(
      ...(await page.evaluate((path) => {
        const found: string[] = [];
        const root = document.documentElement;
        if (root.scrollWidth > root.clientWidth) found.push(`${path}: ${root.scrollWidth} px wide`);
        const name = (el: Element) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join('.')}`;
        // Text, links and buttons inside a box that hides what overflows it: the reader could
        // neither see nor scroll to what lies past its edges. Decorations (aria-hidden) may be.
        for (const box of document.querySelectorAll('body *')) {
          if (!['hidden', 'clip'].includes(getComputedStyle(box).overflowX)) continue;
          const edges = box.getBoundingClientRect();
          if (edges.width < 2) continue; // The visually hidden text of screen readers.
          for (const el of box.querySelectorAll('*')) {
            if (el.closest('[aria-hidden="true"]')) continue;
            // Inside visually hidden text (a table's header row on a phone, say) nothing is seen.
            const hiddenAbove = (from: Element) => {
              for (let up = from.parentElement; up && up !== box; up = up.parentElement)
                if (up.getBoundingClientRect().width < 2 && getComputedStyle(up).overflowX !== 'visible') return true;
              return false;
            };
            if (hiddenAbove(el)) continue;
            const hasText = [...el.childNodes].some((node) => node.nodeType === 3 && node.textContent?.trim());
            if (!hasText && !el.matches('a, button, input, img, svg')) continue;
            const { left, right, width } = el.getBoundingClientRect();
            if (width && (right > edges.right + 1 || left < edges.left - 1))
              found.push(`${path}: ${name(el)} cut off inside ${name(box)}`);
          }
        }
        return found;
      }, path)),
    );
  }
  // The header's menus, opened one by one, at the narrowest window that shows them and at 1280
  // px with the text at 200 %.
  for (const { width, style } of [
    { width: 1024, style: TEXT_SPACING },
    { width: 1280, style: LARGE_TEXT },
  ]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await page.addStyleTag({ content: style });
    for (const menu of await page.locator('header [data-dropdown]').all()) {
      await menu.locator('summary').click();
      const list = (await menu.locator('ul').boundingBox())!;
      if (list.x < 0 || list.x + list.width > width)
        problems.push(
          `at ${width} px, menu ${await menu.locator('summary').innerText()} spans ${list.x}–${list.x + list.width}`,
        );
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scroll > width) problems.push(`at ${width} px, an open menu makes the page ${scroll} px wide`);
      await page.keyboard.press('Escape');
    }
  }
  expect(problems).toEqual([]);
});

// The header wraps into more rows as the text grows (three at 1280 px, where the wide menu shows):
// the tabs of /book, sticky below it, must stay below it, none of them covered.
test('on /book with the text at 200 %, the sticky tabs stay below the taller header', async ({ page }) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/book');
    await page.addStyleTag({ content: LARGE_TEXT });
    // Into the first panel's text, the tabs stuck at the top.
    await page.evaluate(() => {
      const panel = document.getElementById('about-the-novel')!;
      scrollTo(0, panel.getBoundingClientRect().top + scrollY + 400);
    });
    await frames(page, 2);
    const header = (await page.locator('body > header').boundingBox())!;
    const tablist = page.getByRole('tablist');
    const list = (await tablist.boundingBox())!;
    expect(list.y, `the tabs' top at ${width} px`).toBeGreaterThanOrEqual(header.y + header.height);
    expect(list.y + list.height).toBeLessThanOrEqual(800);
    // Each tab is what lies at its own middle: nothing is drawn over it.
    for (const tab of await tablist.getByRole('tab').all()) {
      await expect(tab).toBeVisible();
      const onTop = await tab.evaluate((el) => {
        const { left, top, width, height } = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(left + width / 2, top + height / 2));
      });
      expect(onTop, `${await tab.innerText()} at ${width} px`).toBe(true);
    }
  }
});

// The two buttons floating at the foot of the home page share the width of a phone: with the
// letters spaced out, or the text twice as large, they must still not lie over each other, nor
// their words run out of them.
test('at 320 px with the text spaced out or at 200 %, the floating buttons lie apart', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  for (const style of [TEXT_SPACING, LARGE_TEXT]) {
    await page.goto('/');
    await page.addStyleTag({ content: style });
    const start = page.getByRole('button', { name: 'Start Here' });
    const engage = page.getByRole('link', { name: 'Engage', exact: true });
    await expect(start).toBeVisible();
    const [a, b] = [(await start.boundingBox())!, (await engage.boundingBox())!];
    const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
    expect(apart, `${style}: ${JSON.stringify([a, b])}`).toBe(true);
    for (const box of [a, b]) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
    }
    for (const button of [start, engage])
      expect(
        await button.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight),
      ).toBe(true);
  }
});

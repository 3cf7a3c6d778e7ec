import { tabFromHash, tabForKey } from '../lib/tabs';

/**
 * Turns the three sections of /book into an accessible tablist (WAI-ARIA tabs pattern,
 * automatic activation). Every panel stays in the HTML; without JavaScript they simply follow
 * one another. The chosen tab is written to the URL hash, and a hash selects its tab.
 */
export function initBookTabs(root: HTMLElement): void {
  const tabs = [...root.querySelectorAll<HTMLButtonElement>('[data-tab]')];
  const panels = tabs.map((tab) => document.getElementById(tab.getAttribute('aria-controls') ?? '') as HTMLElement);
  const ids = panels.map((panel) => panel.id);
  let current = -1;

  panels.forEach((panel, i) => {
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', tabs[i].id);
    // No tabindex on the panels: each holds links, so Tab already reaches its content (APG).
  });

  const select = (index: number, { focus = false, updateHash = false } = {}) => {
    current = index;
    tabs.forEach((tab, i) => {
      const selected = i === index;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
    });
    panels.forEach((panel, i) => (panel.hidden = i !== index));
    if (focus) tabs[index].focus();
    if (updateHash && location.hash !== `#${ids[index]}`) {
      history.replaceState(history.state, '', `#${ids[index]}`);
    }
  };

  tabs.forEach((tab, i) => {
    tab.addEventListener('click', () => select(i, { updateHash: true }));
    tab.addEventListener('keydown', (event) => {
      const next = tabForKey(event.key, i, tabs.length);
      if (next === null) return;
      event.preventDefault();
      select(next, { focus: true, updateHash: true });
    });
  });
  window.addEventListener('hashchange', () => {
    const index = tabFromHash(location.hash, ids, -1);
    if (index !== -1 && index !== current) select(index);
  });

  select(tabFromHash(location.hash, ids));
  root.dataset.enhanced = '';

  // The tabs stick below the sticky header, which wraps into more rows as the reader's text grows
  // or spaces out: no length in CSS follows its height. The observer hands over each height the
  // browser has laid out, so nothing is measured here.
  const header = document.querySelector('body > header');
  if (header)
    new ResizeObserver(([entry]) =>
      root.style.setProperty('--header-height', `${entry.borderBoxSize[0].blockSize}px`),
    ).observe(header, { box: 'border-box' });
}

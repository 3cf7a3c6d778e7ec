/** How long a pointer must rest before a menu opens, and may be away before it closes. */
export const MENU_OPEN_DELAY_MS = 100;
export const MENU_CLOSE_GRACE_MS = 300;

/**
 * Desktop menus open on hover after 100 ms and survive a 300 ms gap as the pointer travels to
 * the panel; click and keyboard work natively (they are <details>). Escape closes the open menu
 * and returns focus to its toggle; a click elsewhere, or the keyboard's focus moving elsewhere,
 * closes it (an open panel would cover what it moved to). A menu closes once a link in it is
 * chosen, so that Back, bringing the page out of the back/forward cache, finds it closed.
 */
export function initHeaderMenus(): void {
  const menus = [
    ...document.querySelectorAll<HTMLDetailsElement>('[data-dropdown] > details, details[data-mobile-menu]'),
  ];

  document.querySelectorAll<HTMLElement>('[data-dropdown]').forEach((item) => {
    const details = item.querySelector('details');
    if (!details) return;
    let timer: number | undefined;
    const schedule = (open: boolean, delay: number) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        details.open = open;
      }, delay);
    };
    item.addEventListener('pointerenter', (event) => {
      if (event.pointerType === 'mouse') schedule(true, MENU_OPEN_DELAY_MS);
    });
    item.addEventListener('pointerleave', (event) => {
      if (event.pointerType === 'mouse') schedule(false, MENU_CLOSE_GRACE_MS);
    });
    // A click while the hover timer runs must not be undone by it.
    details.querySelector('summary')?.addEventListener('click', () => window.clearTimeout(timer));
  });

  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = menus.find((menu) => menu.open);
    if (!open) return;
    open.open = false;
    open.querySelector('summary')?.focus();
  });

  document.addEventListener('click', (event) => {
    const target = event.target as Node;
    menus.forEach((menu) => {
      if (menu.open && !menu.contains(target)) menu.open = false;
    });
  });

  menus.forEach((menu) => {
    // A press on the panel's own text moves focus to no element (relatedTarget null): the click
    // handler above decides those.
    menu.addEventListener('focusout', (event) => {
      if (event.relatedTarget instanceof Node && !menu.contains(event.relatedTarget)) menu.open = false;
    });
    menu.querySelectorAll('a').forEach((link) =>
      link.addEventListener('click', () => {
        menu.open = false;
      }),
    );
  });
}

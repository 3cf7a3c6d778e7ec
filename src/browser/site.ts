// Behaviour shared by every page, without React: each module is small and does one thing.
import { initHeaderMenus } from './header-menu';
import { initBanner } from './banner';
import { recordVisit } from './last-visited';
import { initDialogFallback } from './dialogs';
import { initToastHotkey } from './toast-hotkey';
import { initThemeToggle } from './theme-toggle';
import { eachTimeShown } from './when-shown';
import { whenIdle } from './when-idle';
import { prerenderLinksInView } from './next-page';
import { initWebFonts } from './web-fonts';
import { initSiteSearch } from './site-search';
import { initPrintDetails } from './print-details';

eachTimeShown(() => recordVisit());
// Only a page in front of the reader guesses where the reader goes next (whenIdle waits for it).
whenIdle(prerenderLinksInView);
initHeaderMenus();
initBanner();
initDialogFallback();
initToastHotkey();
initThemeToggle();
initWebFonts();
initSiteSearch();
initPrintDetails();

// The copyright line shows the visitor's current year even on a page built in an earlier one.
document.querySelectorAll('[data-current-year]').forEach((el) => {
  el.textContent = String(new Date().getFullYear());
});

// The one inline script, run in <head> before first paint: it marks scripting on (for the
// .js-only / .js-hidden utilities) and hides the What's New banner when it was dismissed this
// session, so neither flashes nor shifts the layout. 'bannerDismissed' is
// storageKeys.bannerDismissed (src/lib/storage.ts). astro.config.mjs adds this text's hash to
// the Content-Security-Policy, so it must stay a constant string.
export const HEAD_SCRIPT =
  "document.documentElement.classList.add('js');" +
  "try{if(sessionStorage.getItem('bannerDismissed')==='true')document.documentElement.dataset.bannerDismissed=''}catch(e){}";

// The one inline script, run in <head> before first paint, so nothing flashes or shifts:
// - marks scripting on (for the .js-only / .js-hidden utilities);
// - applies the visitor's chosen theme ('theme' is storageKeys.theme), else leaves the system's;
// - hides the What's New banner when it was dismissed this session ('bannerDismissed' is
//   storageKeys.bannerDismissed, src/lib/storage.ts).
// astro.config.mjs adds this text's hash to the Content-Security-Policy: keep it a constant.
export const HEAD_SCRIPT =
  "var d=document.documentElement;d.classList.add('js');" +
  "try{var t=localStorage.getItem('theme');if(t==='light'||t==='dark')d.dataset.theme=t;" +
  "if(sessionStorage.getItem('bannerDismissed')==='true')d.dataset.bannerDismissed=''}catch(e){}";

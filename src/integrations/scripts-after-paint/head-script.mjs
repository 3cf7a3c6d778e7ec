// The one inline script, run in <head> before first paint, so nothing flashes or shifts
// (injected into every page by index.mjs):
// - marks scripting on (for the .js-only / .js-hidden utilities);
// - applies the visitor's chosen theme ('theme' is storageKeys.theme), else leaves the system's;
// - sets the page in the web fonts once an earlier page has downloaded them ('fontsCached' is
//   storageKeys.fontsCached; see src/scripts/web-fonts.ts);
// - hides the What's New banner when it was dismissed this session ('bannerDismissed' is
//   storageKeys.bannerDismissed, src/lib/storage.ts);
// - starts the page's scripts at the first contentful paint (index.mjs).
export const HEAD_SCRIPT =
  "var d=document.documentElement;d.classList.add('js');" +
  "try{var t=localStorage.getItem('theme');if(t==='light'||t==='dark')d.dataset.theme=t;" +
  "if(localStorage.getItem('fontsCached')==='1')d.classList.add('fonts');" +
  "if(sessionStorage.getItem('bannerDismissed')==='true')d.dataset.bannerDismissed=''}catch(e){}" +
  // At the first contentful paint, turn the held scripts back into module scripts, wake the
  // islands (after-paint-directive.ts) and, once every script has run, mark the page
  // data-ready (end-to-end tests wait for it).
  "var g=function(){if(window.__sitePainted)return;if(document.readyState==='loading')return addEventListener('DOMContentLoaded',g);" +
  "window.__sitePainted=true;dispatchEvent(new Event('site:painted'));" +
  "var h=document.querySelectorAll('script[data-after-paint]'),k=h.length;if(!k)d.dataset.ready='';" +
  "h.forEach(function(s){var n=document.createElement('script');n.type='module';n.src=s.dataset.afterPaint;" +
  "n.onload=n.onerror=function(){if(!--k)d.dataset.ready=''};document.head.append(n)})};" +
  // Without paint timing, or should it never report, the load event (plus 3 s) starts them.
  "var P=window.PerformanceObserver,p=P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0;" +
  "if(p)new P(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();g()}}).observe({type:'paint',buffered:true});" +
  "addEventListener('load',function(){setTimeout(g,p?3e3:0)});";

import type { Plugin } from 'vite'
import {
  EARLY_ANSWERS,
  FIRST_REQUESTS_ID,
  LINK_STASH,
  PRELOADS_ID,
  SESSION_STORAGE_KEY,
} from '../contract/screens.ts'
import { minifiedPublicScript } from './minify-public-scripts.ts'

/**
 * The worker that sets up the browser's formatting data: its source in public/. The build adds a
 * minified copy with its content's hash in the name to the assets, which the page starts, so a
 * browser keeps it for good like the portal's other files instead of asking on every page
 * whether it changed.
 */
export const FORMATS_WARM_UP = '/formats-warm-up.js'

/** The address of the worker's hashed copy among the build's files, if the build made one. */
function warmUpIn(bundle: Record<string, { type: string; names?: string[] }> | undefined) {
  const name = FORMATS_WARM_UP.slice(1)
  for (const [fileName, output] of Object.entries(bundle ?? {})) {
    if (output.type === 'asset' && output.names?.includes(name)) return `/${fileName}`
  }
  return FORMATS_WARM_UP
}

/**
 * The page paints the moment it has arrived, before any of the portal's code runs:
 *
 * - the page's own stylesheet (the shell's: header, page layout, placeholders, colours) goes into
 *   the page as a `<style>`, so no round trip holds the first paint;
 * - the portal's first scripts, and the screen's code and styles the server lists in the page,
 *   are fetched and started once the page has painted its words, by a few inline lines, so the
 *   startup frame the server fills in (server/startup-frame.ts) shows while they load and run
 *   instead of after.
 *
 * The server allows exactly these inline parts by their hashes in its Content-Security-Policy
 * (server/security-headers.ts). The stylesheet's file stays in the build for anything that
 * links it.
 */
export function firstPaint(): Plugin {
  let publicDir = ''
  return {
    name: 'portal-first-paint',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir
    },
    async buildStart() {
      if (!publicDir) return
      const name = FORMATS_WARM_UP.slice(1)
      const code = await minifiedPublicScript(publicDir, name)
      if (code !== null) this.emitFile({ type: 'asset', name, source: code })
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        let result = html
        const links = /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g
        for (const [tag, file = ''] of html.matchAll(links)) {
          const asset = context.bundle?.[file]
          if (asset?.type !== 'asset') continue
          const css =
            typeof asset.source === 'string'
              ? asset.source
              : Buffer.from(asset.source).toString('utf8')
          // Nothing in a stylesheet may end the element early.
          if (/<\/style/i.test(css)) continue
          result = result.replace(tag, `<style>${css.trim()}</style>`)
        }

        const scripts = [
          ...result.matchAll(/<script type="module" crossorigin src="(\/[^"]+\.js)"><\/script>/g),
        ]
        const entry = scripts.at(-1)?.[1]
        if (!entry) return result
        for (const [tag] of scripts) result = result.replace(tag, '')
        // Once the page has painted its words (first-contentful-paint), or at once in a tab that
        // paints nothing (one opened in the background), or after 300 ms at the latest: the
        // screen's code and styles the server lists in the page (server/screen-preloads.ts) are
        // fetched side by side with the entry, which imports the rest itself. Each is asked for
        // in a task of its own: adding one such element can take the browser 5–10 ms.
        // A password link's token leaves the address at once, before the browser asks for the
        // page's icon (which would carry the address along as its referrer): the portal reads it
        // from where this puts it (src/features/password/use-reset-link.ts).
        // In a signed-in tab, a worker (the hashed copy of public/formats-warm-up.js) sets up the
        // browser's formatting data while the page is parsed: the first number or date format costs
        // 30–50 ms (measured in Chromium, the same for every language), and the signed-in screens
        // count and date their lists. The data is the process's, shared between its threads, so
        // on the main thread the portal's formatters then take a millisecond or so
        // (src/lib/warm-up.ts builds them).
        // In a signed-in tab, too, the API requests the server lists in the page for its screen
        // (`#portal-requests`, server/screen-preloads.ts) are sent at once, in the page's
        // language and with the tab's token, exactly as the portal would send them: the portal
        // takes their answers (src/lib/api/early-answers.ts), so the screen's data arrives with
        // its code instead of a round trip after it. A failure is left for the portal, which
        // then asks again; nothing is reported here. A device's page asks the server's renderer
        // (server/first-screen.ts) instead, which answers with the service's answer and the page
        // drawn from it: that goes into the frame as soon as the screen's styles (asked for
        // alongside) are there, so the device shows before the portal's code has run, and the
        // portal gets the answer. There the code is fetched once the device has painted (its
        // largest-contentful-paint, where the browser reports it, else the next frame; or once its
        // request failed; or after 1.5 s at the latest), not at the first paint: the page cannot
        // do more without the device than the frame shows, and the device's few kilobytes do not
        // share the phone's connection with the code's hundreds.
        const worker = warmUpIn(context.bundle)
        const start =
          `(function(){var d=document,l=[];try{l=JSON.parse(d.getElementById(${JSON.stringify(PRELOADS_ID)}).textContent)}catch(x){}try{var t=sessionStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)}),L=d.documentElement.lang;if(t){new Worker(${JSON.stringify(worker)},{name:L});
var C=l.filter(function(s){return/\\.css$/.test(s)});function y(r){C.forEach(function(s){var k=d.createElement("link");k.rel=r;if(r==="preload")k.as="style";k.crossOrigin="";k.href=s;if(r!=="preload")k.onload=k.onerror=w;d.head.appendChild(k)})}var n=1,H,g=0;function z(){requestAnimationFrame(function(){setTimeout(r)})}function w(){if(--n)return;var m=d.querySelector("#root>.shell[inert]>.main");if(!m)return z();m.innerHTML=H;var T=performance.now(),P=window.PerformanceObserver;if(P&&(P.supportedEntryTypes||[]).indexOf("largest-contentful-paint")>=0){new P(function(o,b){if(o.getEntries().some(function(e){return e.startTime>=T})){b.disconnect();setTimeout(r)}}).observe({type:"largest-contentful-paint"});setTimeout(r,500)}else z()}function v(h){if(typeof h!=="string")return z();H=h;n+=C.length;y("stylesheet");if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",w);else w()}
var a=[];JSON.parse(d.getElementById(${JSON.stringify(FIRST_REQUESTS_ID)}).textContent).forEach(function(o){var b=JSON.stringify(Object.assign({},o.body,{token:t})),f=fetch(o.render||o.url,{method:"POST",headers:{"Content-Type":"application/json","Accept-Language":L},body:b});if(o.render){g=1;y("preload");f=f.then(function(r){if(!r.ok)throw r.status;return r.json()}).then(function(j){v(j.html);return new Response(j.answer,{status:j.status,headers:{"Content-Type":j.type}})})}f.catch(function(){if(o.render)r()});a.push({url:o.url,body:b,language:L,at:performance.now(),answer:f})});window[${JSON.stringify(EARLY_ANSWERS)}]=a}}catch(x){}var q=location.search;if(/[?&]token=/.test(q)){window[${JSON.stringify(LINK_STASH)}]=q;` +
          `history.replaceState(history.state,"",location.pathname+location.hash)}var s=0;function r(){if(s)return;s=1;var h=d.head;
var e=d.createElement("script");e.type="module";e.crossOrigin="";e.src=${JSON.stringify(entry)};h.appendChild(e);
var j=0;function p(){var u=l[j++];if(!u)return;var k=d.createElement("link");k.crossOrigin="";if(/\\.css$/.test(u)){k.rel="preload";k.as="style"}else k.rel="modulepreload";k.href=u;h.appendChild(k);setTimeout(p)}setTimeout(p)}
if(d.visibilityState==="hidden"){if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",r);else r();return}setTimeout(function(){if(!g)r()},300);if(g)setTimeout(r,1500);
try{new PerformanceObserver(function(o){if(!g&&o.getEntriesByName("first-contentful-paint").length)setTimeout(r)}).observe({type:"paint",buffered:true})}catch(x){if(!g)r()}})()`.replace(
            /\n/g,
            '',
          )
        return result.replace('</head>', `  <script>${start}</script>\n  </head>`)
      },
    },
  }
}

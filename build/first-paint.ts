import type { Plugin } from 'vite'

/**
 * The page paints the moment it has arrived, before any of the portal's code runs:
 *
 * - the page's own stylesheet (the shell's: header, page layout, placeholders, colours) goes into
 *   the page as a `<style>`, so no round trip holds the first paint;
 * - the portal's first scripts are fetched at once (`<link rel=modulepreload>`) but started only
 *   once the page has painted, by a few inline lines, so the startup frame the server fills in
 *   (server/startup-frame.ts) shows while they load and run instead of after.
 *
 * The server allows exactly these inline parts by their hashes in its Content-Security-Policy
 * (server/security-headers.ts). The stylesheet's file stays in the build for anything that
 * links it.
 */
export function firstPaint(): Plugin {
  return {
    name: 'portal-first-paint',
    apply: 'build',
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
        for (const [tag, src] of scripts) {
          result = result.replace(tag, `<link rel="modulepreload" crossorigin href="${src}">`)
        }
        // After the next frame has painted (a timer set from the frame's callback), or after
        // 100 ms where no frame comes (a tab opened in the background).
        const start =
          `(function(){var s=0;function r(){if(s)return;s=1;var e=document.createElement("script");` +
          `e.type="module";e.crossOrigin="";e.src=${JSON.stringify(entry)};document.head.appendChild(e)}` +
          `requestAnimationFrame(function(){setTimeout(r)});setTimeout(r,100)})()`
        return result.replace('</head>', `  <script>${start}</script>\n  </head>`)
      },
    },
  }
}

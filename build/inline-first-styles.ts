import type { Plugin } from 'vite'

/**
 * Puts the page's own stylesheet (the shell's: header, page layout, placeholders, colours) into
 * the page as a `<style>` instead of a `<link>`: the page then paints the moment it has arrived,
 * the startup frame the server fills in (server/startup-frame.ts) included, rather than a round
 * trip later. The server allows exactly this inline style by its hash in its Content-Security-
 * Policy (server/security-headers.ts). The file stays in the build for anything that links it.
 */
export function inlineFirstStyles(): Plugin {
  return {
    name: 'portal-inline-first-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const links = /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g
        let result = html
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
        return result
      },
    },
  }
}

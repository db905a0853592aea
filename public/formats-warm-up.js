// A worker the page's start script launches in a signed-in tab (build/first-paint.ts). The first
// Intl formatter in a page loads the browser's formatting data, which its process shares between
// threads: 30–50 ms of work that would otherwise hold the main thread once the portal starts.
// Here it runs beside the page's parsing, on a thread of its own; the portal's own formatters
// (src/lib/warm-up.ts) then find the data loaded. Its name is the page's language.
;(function () {
  var language = self.name || 'en'
  try {
    new Intl.NumberFormat(language).format(1234.5)
    new Intl.PluralRules(language).select(1)
    new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(0)
    new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-5, 'minute')
  } catch {
    // A browser without one of these formats: the portal builds what it has when it needs it.
  }
  self.close()
})()

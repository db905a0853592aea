// The colour theme, set before the first paint: index.html loads this file (not a module, so
// it runs at once) ahead of the styles. The portal (src/lib/theme.ts) takes over once it starts.
;(function () {
  var system = window.matchMedia('(prefers-color-scheme: dark)')
  function apply() {
    var choice = null
    try {
      choice = localStorage.getItem('mdm.theme')
    } catch {
      // No storage (private mode): the system's setting decides.
    }
    var dark = choice === 'dark' || (choice !== 'light' && system.matches)
    document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light')
  }
  apply()
  // Signed out, the portal follows a change of the system's setting through this listener too.
  system.addEventListener('change', apply)
})()

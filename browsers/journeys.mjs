/**
 * The core journeys, walked in Firefox and WebKit as in Chromium (e2e/): each starts from a tab
 * with nothing stored, on a demo world as it was seeded, and checks each page it reaches with axe.
 */
const IPHONE = '3f6d2c1a-8b7e-4f5d-9c0b-1a2e3d4f5a61'
const ANNA_SID = 'a7c3e1f0-5b2d-4c8e-9f61-2d3b4a5c6e71'

export const accounts = {
  anna: { email: 'anna@example.com', password: 'Demo-Pass-1', name: 'Anna Berger' },
  auditor: { email: 'auditor@example.com', password: 'Auditor-Demo-1', name: 'Ava Auditor' },
}

const EN = {
  email: 'E-mail address',
  password: 'Password',
  submit: 'Sign in',
  signedInAs: /^Signed in as/,
  signOut: 'Sign out',
}
const DE = {
  email: 'E-Mail-Adresse',
  password: 'Passwort',
  submit: 'Anmelden',
  signedInAs: /^Angemeldet als/,
  signOut: 'Abmelden',
}

/** Signs in on the sign-in page the portal led to, and waits for `path`. */
async function signIn(ui, account = accounts.anna, path = '/devices', words = EN) {
  await ui.fill({ label: words.email }, account.email)
  await ui.fill({ label: words.password }, account.password)
  await ui.click({ role: 'button', name: words.submit })
  await ui.waitUrl(new RegExp(`${path.replace(/[?]/g, '\\?')}$`))
}

async function openSignedIn(ui, path, account = accounts.anna) {
  await ui.goto(path)
  await ui.waitUrl(/\/login\?from=/)
  await signIn(ui, account, path)
}

async function signOut(ui, words = EN) {
  await ui.click({ role: 'button', name: words.signedInAs })
  await ui.click({ within: { role: 'banner' }, role: 'button', name: words.signOut })
  await ui.waitUrl(/\/login$/)
}

/** `[name, walk(ui, control)]`, in the order they run. */
export const JOURNEYS = [
  [
    'signs in where the user wanted to go and signs out (en)',
    async (ui) => {
      await ui.goto('/devices')
      await ui.waitUrl(/\/login\?from=%2Fdevices$/)
      await ui.see({ role: 'heading', level: 1, name: 'Sign in' })
      await ui.expectAccessible()
      // A wrong password: a clear message, the e-mail address stays.
      await ui.fill({ label: EN.email }, accounts.anna.email)
      await ui.fill({ label: EN.password }, 'not-her-password1')
      await ui.click({ role: 'button', name: EN.submit })
      await ui.see({ role: 'alert', name: undefined })
      await ui.seeText('The e-mail address or the password is not correct.')
      await ui.expectAccessible()
      await signIn(ui)
      await ui.see({ role: 'heading', level: 1, name: 'My devices' })
      await ui.expectAccessible()
      await signOut(ui)
      await ui.seeText('You have signed out.')
    },
  ],
  [
    'signs in and out in German',
    async (ui) => {
      await ui.goto('/login')
      await ui.choose({ label: 'Language' }, 'de')
      await ui.see({ role: 'heading', level: 1, name: 'Anmelden' })
      await ui.waitFor('the page in German', () => document.documentElement.lang === 'de')
      await ui.expectAccessible()
      await signIn(ui, accounts.anna, '/devices', DE)
      await ui.see({ role: 'heading', level: 1, name: 'Meine Geräte' })
      await ui.expectAccessible()
      await signOut(ui, DE)
      await ui.seeText('Sie haben sich abgemeldet.')
    },
  ],
  [
    'a select is drawn as the text fields beside it are, not as a button of the platform',
    async (ui) => {
      await openSignedIn(ui, '/apps')
      const select = await ui.find({ role: 'combobox', name: 'Device' })
      const field = await ui.find({ role: 'searchbox', name: /^Search by name/ })
      // A point inside each, clear of the border, the text and the select's arrow.
      const points = await ui.evaluate(
        (...elements) => {
          elements[0].scrollIntoView({ block: 'start' })
          return elements.map((element) => {
            const box = element.getBoundingClientRect()
            return [box.right - 48, box.top + 6]
          })
        },
        select,
        field,
      )
      const [drawn, fieldDrawn] = await ui.colorsAt(points)
      if (drawn !== fieldDrawn) {
        throw new Error(`The select is drawn ${drawn}, the text field beside it ${fieldDrawn}`)
      }
    },
  ],
  [
    "a toast's button keeps its word whole on a phone's width (the narrowest window the engine gives), beside a message that wraps",
    async (ui) => {
      await ui.browser.tab().resize(375, 900)
      try {
        await openSignedIn(ui, '/devices')
        // Anna signed in in another browser too: signing that one out raises a toast.
        await ui.evaluate(
          async (account) => {
            await fetch('/api/mdm/v2/user/login', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ type: 'basic', usertype: 'user', ...account }),
            })
          },
          { username: accounts.anna.email, password: accounts.anna.password },
        )
        await ui.goto('/account')
        await ui.click({ role: 'button', name: /^Sign out there/ })
        await ui.click({ within: { role: 'dialog' }, role: 'button', name: 'Sign out there' })
        const dismiss = await ui.find({
          within: { role: 'region', name: 'Notifications' },
          role: 'button',
          name: 'Dismiss',
        })
        // The lines the button's text takes: one, not "Dismis" over "s".
        const lines = await ui.evaluate((button) => {
          const range = document.createRange()
          range.selectNodeContents(button)
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
        }, dismiss)
        if (lines !== 1) throw new Error(`The toast's "Dismiss" is broken over ${lines} lines`)
        // WebKitGTK's window is never narrower than 447 px (MiniBrowser's least width): the case
        // holds there too as long as the window, not the toast's own 26rem, sets its width.
        const { window, toast, most } = await ui.evaluate((button) => {
          const toast = button.closest('.toast')
          return {
            window: innerWidth,
            toast: toast.getBoundingClientRect().width,
            most: parseFloat(getComputedStyle(toast).maxWidth),
          }
        }, dismiss)
        if (toast >= most) {
          throw new Error(
            `The window is ${window} px wide: the toast has its full ${most} px, not a phone's width`,
          )
        }
      } finally {
        await ui.browser.tab().resize(1280, 900)
      }
    },
  ],
  [
    "the device list, a device's page, and a lock followed to done",
    async (ui) => {
      await openSignedIn(ui, '/devices')
      await ui.click({ role: 'link', name: "Anna's iPhone" })
      await ui.waitUrl(new RegExp(`/devices/${IPHONE}$`))
      await ui.see({ role: 'heading', level: 1, name: "Anna's iPhone" })
      await ui.expectAccessible()
      await ui.click({ role: 'button', name: 'Lock…' })
      const lock = { role: 'dialog', name: "Lock Anna's iPhone?" }
      await ui.fill({ within: lock, label: 'Message on the lock screen (optional)' }, 'Call me')
      await ui.expectAccessible()
      await ui.click({ within: lock, role: 'button', name: 'Lock now' })
      await ui.gone(lock)
      await ui.seeText("Anna's iPhone is locked.")
      await ui.expectAccessible()
    },
  ],
  [
    'a dialog starts on its first field, or on Cancel when it cannot be undone; Escape returns',
    async (ui) => {
      await openSignedIn(ui, `/devices/${IPHONE}`)
      // The label of the field focus is on, or the text of the button.
      const expectFocus = (name) =>
        ui.waitFor(
          `focus on "${name}"`,
          (wanted) => {
            const element = document.activeElement
            const on = element?.labels?.[0]?.textContent ?? element?.textContent ?? ''
            return on.trim().startsWith(wanted)
          },
          name,
        )
      await ui.click({ role: 'button', name: 'Lock…' })
      await ui.see({ role: 'dialog', name: "Lock Anna's iPhone?" })
      await expectFocus('Message on the lock screen (optional)')
      await ui.press('Escape')
      await ui.gone({ role: 'dialog' })
      await expectFocus('Lock…')
      await ui.click({ role: 'button', name: 'Reset passcode…' })
      await ui.see({ role: 'dialog' })
      await expectFocus('Cancel')
      await ui.press('Escape')
      await ui.gone({ role: 'dialog' })
      await expectFocus('Reset passcode…')
    },
  ],
  [
    'an open dialog keeps Tab inside it, and a click on the page behind it does nothing',
    async (ui) => {
      await openSignedIn(ui, `/devices/${IPHONE}`)
      const back = await ui.find({ role: 'link', name: 'All my devices' })
      const [x, y] = await ui.evaluate((link) => {
        link.scrollIntoView({ block: 'center' })
        const box = link.getBoundingClientRect()
        return [box.left + box.width / 2, box.top + box.height / 2]
      }, back)
      await ui.click({ role: 'button', name: 'Lock…' })
      const lock = { role: 'dialog', name: "Lock Anna's iPhone?" }
      await ui.see(lock)
      // Round the dialog's few controls and past its end: focus may go to the browser's own
      // controls (the page's body then), never to the page behind.
      for (let press = 0; press < 10; press++) {
        await ui.press('Tab')
        const behind = await ui.evaluate(() => {
          const focused = document.activeElement
          return focused && focused !== document.body && !focused.closest('dialog[open]')
            ? focused.outerHTML.slice(0, 120)
            : null
        })
        if (behind) throw new Error(`Tab ${press + 1} left the dialog for ${behind}`)
      }
      await ui.browser.tab().clickAt(x, y)
      await new Promise((resolve) => setTimeout(resolve, 1000))
      const url = await ui.url()
      if (!url.endsWith(`/devices/${IPHONE}`)) throw new Error(`A click behind led to ${url}`)
      await ui.see(lock)
    },
  ],
  [
    'the skip link shows when Tab reaches it, and leads past the masthead',
    async (ui) => {
      await openSignedIn(ui, '/devices')
      await ui.goto('/devices')
      await ui.see({ role: 'heading', level: 1, name: 'My devices' })
      await ui.press('Tab')
      const link = await ui.evaluate(() => {
        const focused = document.activeElement
        const box = focused.getBoundingClientRect()
        return {
          text: focused.textContent,
          shown: box.top >= 0 && box.bottom <= innerHeight && box.height > 0,
          covered: document.elementFromPoint(box.left + 4, box.top + box.height / 2) !== focused,
        }
      })
      if (link.text !== 'Skip to content') throw new Error(`Tab went to "${link.text}" first`)
      if (!link.shown || link.covered) {
        throw new Error(`The focused skip link is not in view: ${JSON.stringify(link)}`)
      }
      await ui.press('Enter')
      await ui.waitFor('the main content reached', () => location.hash === '#main')
    },
  ],
  [
    'the filter panel opens and closes from the keyboard, with Enter and with Space',
    async (ui) => {
      await openSignedIn(ui, '/devices')
      const summary = await ui.find({ text: 'Filters' })
      await ui.evaluate((element) => element.focus(), summary)
      const openIs = (wanted) =>
        ui.waitFor(
          `the filters ${wanted ? 'open' : 'closed'}`,
          (want) => document.querySelector('details.device-filters')?.open === want,
          wanted,
        )
      await ui.press('Enter')
      await openIs(true)
      await ui.see({ role: 'combobox', name: 'Management' })
      await ui.press('Enter')
      await openIs(false)
      await ui.press(' ')
      await openIs(true)
      await ui.press(' ')
      await openIs(false)
    },
  ],
  [
    "the language switch changes the page and the language the portal asks the service's answers in",
    async (ui) => {
      await ui.goto('/login')
      await ui.evaluate(() => {
        window.languagesAsked = []
        const fetch = window.fetch
        window.fetch = (input, init) => {
          const headers = new Headers(
            init?.headers ?? (input instanceof Request ? input.headers : {}),
          )
          if (String(input instanceof Request ? input.url : input).includes('/api/')) {
            window.languagesAsked.push(headers.get('accept-language'))
          }
          return fetch(input, init)
        }
      })
      await ui.choose({ label: 'Language' }, 'de')
      await ui.see({ role: 'heading', level: 1, name: 'Anmelden' })
      await signIn(ui, accounts.anna, '/devices', DE)
      await ui.see({ role: 'heading', level: 1, name: 'Meine Geräte' })
      const asked = await ui.evaluate(() => window.languagesAsked)
      if (asked.length === 0 || asked.some((language) => language !== 'de')) {
        throw new Error(`The API requests asked for ${JSON.stringify(asked)}, not de`)
      }
    },
  ],
  [
    'lost mode on with a message, locate, lost mode off',
    // Each step waits for what it leaves on the page, not for the notice that says so: a notice
    // goes after a few seconds, which a browser busy with other suites can miss between two looks.
    async (ui) => {
      await openSignedIn(ui, `/devices/${IPHONE}`)
      await ui.click({ role: 'button', name: 'Turn on lost mode…' })
      const dialog = { role: 'dialog', name: "Turn on lost mode for Anna's iPhone?" }
      await ui.fill({ within: dialog, label: 'Message on the screen' }, 'I lost this phone.')
      await ui.fill({ within: dialog, label: 'Phone number to call' }, '+49 30 1234567')
      await ui.expectAccessible()
      await ui.click({ within: dialog, role: 'button', name: 'Turn on lost mode' })
      const screen = { role: 'figure', name: 'What a finder sees on the lock screen' }
      await ui.see({ within: screen, text: 'I lost this phone.' })
      await ui.click({ role: 'button', name: 'Locate' })
      await ui.see({ role: 'heading', level: 2, name: 'Location' })
      await ui.see({ text: 'Latitude' })
      await ui.expectAccessible()
      await ui.click({ role: 'button', name: 'Turn off lost mode…' })
      await ui.click({ within: { role: 'dialog' }, role: 'button', name: 'Turn off lost mode' })
      await ui.gone(screen)
      await ui.seeText("Anna's iPhone no longer reports this location")
      await ui.see({ role: 'button', name: 'Turn on lost mode…' })
      await ui.expectAccessible()
    },
  ],
  [
    'installs an app on the iPhone and uninstalls it again',
    async (ui) => {
      await openSignedIn(ui, '/apps')
      await ui.see({ role: 'heading', level: 1, name: 'Apps' })
      await ui.choose({ role: 'combobox', name: 'Device' }, IPHONE)
      await ui.waitUrl(new RegExp(`device=${IPHONE}`))
      await ui.see({ role: 'heading', level: 2, name: "Apps for Anna's iPhone" })
      await ui.expectAccessible()
      await ui.click({ role: 'button', name: 'Install Employee Handbook' })
      await ui.see({ role: 'button', name: 'Uninstall Employee Handbook' })
      await ui.click({ role: 'button', name: 'Uninstall Employee Handbook' })
      const dialog = { role: 'dialog', name: "Uninstall Employee Handbook from Anna's iPhone?" }
      await ui.see(dialog)
      await ui.expectAccessible()
      await ui.click({ within: dialog, role: 'button', name: 'Uninstall' })
      await ui.gone(dialog)
      await ui.see({ role: 'button', name: 'Install Employee Handbook' })
      await ui.expectAccessible()
    },
  ],
  [
    'the enrollment wizard to a downloaded profile',
    async (ui) => {
      await openSignedIn(ui, '/enroll')
      await ui.see({ role: 'heading', level: 1, name: 'Enroll a device' })
      await ui.expectAccessible()
      await ui.click({ role: 'radio', name: /iPhone or iPad/ })
      await ui.click({ role: 'radio', name: /Company device/ })
      await ui.click({ role: 'button', name: 'Continue' })
      await ui.see({ role: 'heading', level: 2, name: 'Before you start' })
      await ui.expectAccessible()
      await ui.click({ role: 'button', name: 'Continue' })
      await ui.see({ role: 'heading', level: 2, name: 'Get the profile' })
      await ui.expectAccessible()
      await ui.click({ role: 'button', name: 'Download profile' })
      await ui.seeText('Downloaded')
      const file = await ui.downloaded('enrollment-ios.mobileconfig')
      if (!file.includes('<key>PayloadType</key>')) {
        throw new Error(`The saved profile is no profile:\n${file.slice(0, 300)}`)
      }
      await ui.click({ role: 'button', name: 'Continue to the installation' })
      await ui.see({ role: 'heading', level: 2, name: 'Install the profile in Settings' })
      await ui.expectAccessible()
    },
  ],
  [
    'forgot password, the demo outbox, a new password and signing in with it',
    async (ui) => {
      await ui.goto('/login')
      await ui.click({ role: 'link', name: 'Forgot password?' })
      await ui.see({ role: 'heading', level: 1, name: 'Forgot your password?' })
      await ui.expectAccessible()
      await ui.fill({ label: EN.email }, accounts.anna.email)
      await ui.click({ role: 'button', name: 'Send link' })
      await ui.see({ role: 'heading', level: 1, name: 'Check your e-mail' })
      await ui.goto('/outbox')
      await ui.see({ role: 'heading', level: 1, name: 'Outbox' })
      await ui.click({ role: 'link', name: /\/reset-password/ })
      await ui.waitUrl(/\/reset-password\?account=1$/)
      await ui.see({ role: 'heading', level: 1, name: 'Choose a new password' })
      await ui.expectAccessible()
      await ui.fill({ label: 'New password' }, 'Fresh-Start-7')
      await ui.fill({ label: 'Confirm password' }, 'Fresh-Start-7')
      await ui.seeText('Confirmed: the passwords match.')
      await ui.click({ role: 'button', name: 'Save new password' })
      await ui.waitUrl(/\/login$/)
      await ui.seeText('Your new password is set')
      await ui.fill({ label: EN.password }, 'Fresh-Start-7')
      await ui.click({ role: 'button', name: EN.submit })
      await ui.waitUrl(/\/devices$/)
      await ui.see({ role: 'heading', level: 1, name: 'My devices' })
    },
  ],
  [
    'a new tab joins the open session, and signing out ends both',
    async (ui) => {
      await openSignedIn(ui, '/devices')
      const first = ui.browser.tab()
      await ui.browser.newTab()
      await ui.goto(`/devices/${IPHONE}`)
      await ui.see({ role: 'heading', level: 1, name: "Anna's iPhone" })
      const second = ui.browser.tab()
      await ui.browser.switchTo(first)
      await signOut(ui)
      await ui.browser.switchTo(second)
      await ui.waitUrl(/\/login$/)
    },
  ],
  [
    "the help desk's user list for the auditor, who is refused what the role does not allow",
    async (ui) => {
      await ui.goto('/login')
      await ui.click({ role: 'switch', name: 'Sign in as administrator' })
      await signIn(ui, accounts.auditor, '/admin/users')
      await ui.see({ role: 'heading', level: 1, name: 'Users' })
      await ui.see({ role: 'link', name: accounts.anna.name })
      await ui.seeText(
        'As an auditor, you cannot invite users. Ask the help desk or an administrator.',
      )
      await ui.gone({ role: 'button', name: 'Invite a user…' })
      await ui.expectAccessible()
      await ui.click({ role: 'link', name: accounts.anna.name })
      await ui.waitUrl(new RegExp(`/admin/users/${ANNA_SID}$`))
      await ui.see({ role: 'heading', level: 1, name: accounts.anna.name })
      await ui.seeText(
        'As an auditor, you can see everything here but change nothing. Ask the help desk or an administrator to act.',
      )
      await ui.gone({ role: 'button', name: 'Send password link' })
      await ui.expectAccessible()
      // What the page does not offer, the service refuses: a wipe sent by hand.
      const status = await ui.evaluate(async (clientid) => {
        const response = await fetch('/api/mdm/v2/device/wipe', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ clientid, token: sessionStorage.getItem('mdm.session') }),
        })
        return response.status
      }, IPHONE)
      if (status !== 403) throw new Error(`A wipe by the auditor was answered ${status}, not 403`)
    },
  ],
]

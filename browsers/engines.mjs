/**
 * The two engines beside Chromium, driven the way each is meant to be driven:
 * - Firefox ESR (Debian's `firefox-esr`) over WebDriver BiDi, which Firefox speaks itself, with
 *   puppeteer-core; no separate driver.
 * - WebKit (Debian's `webkit2gtk-driver`: WebKitWebDriver and WebKitGTK's MiniBrowser, Safari's
 *   engine) over classic WebDriver, with selenium-webdriver; on a virtual display (Xvfb) unless
 *   the run is to be watched.
 * Both are wrapped in one small `Tab` interface, so every journey is written once.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { aptInstall, canApt } from '../scripts/apt.mjs'

export const ENGINES = ['firefox', 'webkit']

const FIREFOX = '/usr/bin/firefox-esr'
const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver'
const MINIBROWSER_DIRS = [
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1',
  '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1',
  '/usr/lib/x86_64-linux-gnu/webkitgtk-6.0',
  '/usr/lib/aarch64-linux-gnu/webkitgtk-6.0',
]

/** Debian's packages each engine needs, and the program that shows it is there. */
const PACKAGES = {
  firefox: { packages: ['firefox-esr'], present: () => existsSync(firefoxPath()) },
  webkit: {
    packages: ['webkit2gtk-driver', 'xvfb'],
    present: () => existsSync(WEBKIT_DRIVER) && existsSync(miniBrowser() ?? '') && onPath('Xvfb'),
  },
}

/** Where another build of the engine may be named. */
const PATH_VARIABLE = { firefox: 'FIREFOX_PATH', webkit: 'MINIBROWSER_PATH' }

function firefoxPath() {
  return process.env.FIREFOX_PATH || FIREFOX
}

function miniBrowser() {
  if (process.env.MINIBROWSER_PATH) return process.env.MINIBROWSER_PATH
  const dir = MINIBROWSER_DIRS.find((candidate) => existsSync(join(candidate, 'MiniBrowser')))
  return dir ? join(dir, 'MiniBrowser') : null
}

function onPath(program) {
  return spawnSync('sh', ['-c', `command -v ${program}`]).status === 0
}

/** Debian's packages `missing(engine)` would install here: none when the engine is there. */
export function enginePackages(engine) {
  const { packages, present } = PACKAGES[engine]
  return process.env[PATH_VARIABLE[engine]] || present() ? [] : packages
}

/**
 * Whether `engine` can run here: null when it can, else why not and what to install. When its
 * packages are missing and we are root with apt, they are installed first (as CI runs).
 */
export function missing(engine) {
  const { packages, present } = PACKAGES[engine]
  if (present()) return null
  // A path given by hand is taken at its word: nothing is installed in its place.
  const given = process.env[PATH_VARIABLE[engine]]
  if (given && !existsSync(given)) {
    return `${PATH_VARIABLE[engine]} points to ${given}, which does not exist`
  }
  if (canApt()) {
    console.log(`Installing ${engine} (apt-get install ${packages.join(' ')})…`)
    try {
      aptInstall(packages, { recommends: false })
    } catch {
      // Said below: the packages are still missing.
    }
    if (present()) return null
  }
  return `${packages.join(' and ')} not installed: run \`sudo apt-get install ${packages.join(' ')}\` (Debian/Ubuntu)`
}

/**
 * Firefox keeps to the loopback address: no updates, telemetry, safe-browsing lists, captive
 * portal or connectivity checks, add-on or remote-settings fetches. Downloads go to `downloads`
 * without asking.
 */
function firefoxPrefs(downloads) {
  return {
    'app.update.enabled': false,
    'app.update.auto': false,
    'app.normandy.enabled': false,
    'app.shield.optoutstudies.enabled': false,
    'browser.safebrowsing.malware.enabled': false,
    'browser.safebrowsing.phishing.enabled': false,
    'browser.safebrowsing.downloads.enabled': false,
    'browser.safebrowsing.downloads.remote.enabled': false,
    'browser.safebrowsing.blockedURIs.enabled': false,
    'browser.safebrowsing.provider.google4.updateURL': '',
    'browser.safebrowsing.provider.google.updateURL': '',
    'browser.safebrowsing.provider.mozilla.updateURL': '',
    'browser.search.update': false,
    'browser.newtabpage.enabled': false,
    'browser.newtabpage.activity-stream.feeds.topsites': false,
    'browser.newtabpage.activity-stream.feeds.system.topstories': false,
    'browser.topsites.contile.enabled': false,
    'browser.ping-centre.telemetry': false,
    'browser.region.network.url': '',
    'browser.region.update.enabled': false,
    'captivedetect.canonicalURL': '',
    'datareporting.healthreport.uploadEnabled': false,
    'datareporting.policy.dataSubmissionEnabled': false,
    'datareporting.usage.uploadEnabled': false,
    'extensions.update.enabled': false,
    'extensions.getAddons.cache.enabled': false,
    'extensions.blocklist.enabled': false,
    'extensions.systemAddon.update.enabled': false,
    'geo.provider.network.url': '',
    'media.gmp-manager.url': '',
    'media.gmp-gmpopenh264.enabled': false,
    'network.captive-portal-service.enabled': false,
    'network.connectivity-service.enabled': false,
    'network.dns.disablePrefetch': true,
    'network.prefetch-next': false,
    'network.trr.mode': 5,
    'security.remote_settings.crlite_filters.enabled': false,
    'services.settings.server': 'http://127.0.0.1:9/',
    'toolkit.telemetry.enabled': false,
    'toolkit.telemetry.unified': false,
    'toolkit.telemetry.archive.enabled': false,
    'toolkit.telemetry.server': '',
    'toolkit.telemetry.updatePing.enabled': false,
    'toolkit.telemetry.shutdownPingSender.enabled': false,
    'toolkit.telemetry.newProfilePing.enabled': false,
    'toolkit.telemetry.firstShutdownPing.enabled': false,
    'toolkit.telemetry.bhrPing.enabled': false,
    'browser.download.folderList': 2,
    'browser.download.dir': downloads,
    'browser.download.useDownloadDir': true,
    'browser.download.always_ask_before_handling_new_types': false,
    'browser.download.start_downloads_in_tmp_dir': false,
    'browser.download.panel.shown': true,
    'browser.download.alwaysOpenPanel': false,
    'browser.helperApps.neverAsk.saveToDisk':
      'application/x-apple-aspen-config,application/json,application/octet-stream,text/csv',
    // Both languages are tested: the page's own choice wins, Accept-Language starts in English.
    'intl.accept_languages': 'en-US, en',
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

async function until(condition, what, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await condition()) return
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** A fresh, empty folder of the profile's own in `.cache/`. */
function freshDir(dir) {
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  return dir
}

const VIEWPORT = { width: 1280, height: 900 }

/**
 * Launches `engine` and returns a `Browser`: `tab()` is the tab the journey is in, `newTab()`
 * opens another, `downloaded()` lists the files saved, `close()` ends it all.
 * `watch`: on the display the run was started from, slowed down a little, instead of headless.
 */
export async function launch(engine, { cacheDir, env, watch = false }) {
  const home = freshDir(join(cacheDir, 'browsers', `${engine}-${process.pid}`))
  const downloads = freshDir(join(home, 'downloads'))
  const browser =
    engine === 'firefox'
      ? await launchFirefox({ home, downloads, env, watch })
      : await launchWebKit({ home, downloads, env, watch })
  return {
    ...browser,
    downloaded: () =>
      readdirSync(downloads).filter((name) => !/\.part$|^\.|\.download$/.test(name)),
    downloadsDir: downloads,
    close: async () => {
      await browser.close()
      rmSync(home, { recursive: true, force: true })
    },
  }
}

async function launchFirefox({ home, downloads, env, watch }) {
  const { default: puppeteer } = await import('puppeteer-core')
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath(),
    headless: !watch,
    slowMo: watch ? 100 : 0,
    userDataDir: join(home, 'profile'),
    extraPrefsFirefox: firefoxPrefs(downloads),
    defaultViewport: VIEWPORT,
    env: { ...env, MOZ_CRASHREPORTER_DISABLE: '1' },
    // A navigation is one command: on a busy machine the first may take minutes.
    protocolTimeout: 300_000,
  })
  // An error no part of the portal handled is a defect (as in e2e/fixtures.ts); BiDi reports
  // them, classic WebDriver cannot.
  const errors = []
  const wrap = (page) => {
    if (!page.listenerCount('pageerror')) {
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message ?? error}`))
    }
    return firefoxTab(page)
  }
  // The tab Firefox starts with never gets the window's focus when headless: no :focus, no
  // keys for a focused <summary>. A tab opened over BiDi does; it takes the first one's place.
  // (The pref focusmanager.testmode changes neither.)
  const first = await browser.newPage()
  for (const page of await browser.pages()) if (page !== first) await page.close()
  await first.setViewport(VIEWPORT)
  let current = wrap(first)
  return {
    engine: 'firefox',
    tab: () => current,
    newTab: async () => {
      const page = await browser.newPage()
      await page.setViewport(VIEWPORT)
      current = wrap(page)
      return current
    },
    switchTo: (tab) => {
      current = tab
      return tab.bringToFront()
    },
    /** Back to one tab with nothing in it, the storage of the portal's origin cleared. */
    reset: async () => {
      await current.clearOrigin()
      // A journey's Tab may have left the page for the browser's own controls, which keep the
      // focus from every later page of that tab: the next journey starts in a new one.
      const page = await browser.newPage()
      await page.setViewport(VIEWPORT)
      for (const other of await browser.pages()) if (other !== page) await other.close()
      current = wrap(page)
    },
    takeErrors: () => errors.splice(0),
    close: () => browser.close(),
  }
}

function firefoxTab(page) {
  return {
    goto: async (url) => {
      // The journeys wait for what they need on the page; a busy machine may take long to load
      // it, which is no failure (the journey's own time limit still holds).
      await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 0 })
    },
    url: () => page.url(),
    /** Runs `fn(...args)` in the page; an element comes back as a handle to act on. */
    evaluate: async (fn, ...args) => {
      const handle = await page.evaluateHandle(fn, ...args)
      const element = handle.asElement()
      if (element) return element
      const value = await handle.jsonValue()
      await handle.dispose()
      return value
    },
    /** Runs a script's source as it is (a library's bundle); its value is not wanted. */
    run: async (source) => {
      await page.evaluate(source)
    },
    click: (element) => element.click(),
    /** A click at a point of the viewport (CSS pixels), on whatever the browser drew there. */
    clickAt: (x, y) => page.mouse.click(x, y),
    choose: async (select, value) => {
      await select.select(value)
    },
    type: async (element, text) => {
      await element.focus()
      await page.keyboard.type(text)
    },
    press: (key) => page.keyboard.press(key),
    selectAll: async (element) => {
      await element.focus()
      await page.keyboard.down('Control')
      await page.keyboard.press('a')
      await page.keyboard.up('Control')
      await page.keyboard.press('Backspace')
    },
    screenshot: async (path) => {
      await page.screenshot({ path })
    },
    /** The page's width and height in CSS pixels (a phone's 375, a laptop's 1280). */
    resize: (width, height) => page.setViewport({ width, height }),
    bringToFront: () => page.bringToFront(),
    clearOrigin: async () => {
      if (page.url().startsWith('http')) {
        await page.evaluate(() => {
          sessionStorage.clear()
          localStorage.clear()
        })
        const cookies = await page.cookies()
        if (cookies.length > 0) await page.deleteCookie(...cookies)
      }
      await page.goto('about:blank')
    },
  }
}

async function launchWebKit({ home, downloads, env, watch }) {
  const { Builder, Key } = await import('selenium-webdriver')
  const port = await freePort()
  // WebKitGTK saves downloads in the XDG download folder: the profile's own.
  const config = join(home, 'config')
  mkdirSync(config, { recursive: true })
  writeFileSync(join(config, 'user-dirs.dirs'), `XDG_DOWNLOAD_DIR="${downloads}"\n`)
  const driverEnv = {
    ...env,
    HOME: home,
    XDG_CONFIG_HOME: config,
    XDG_DOWNLOAD_DIR: downloads,
    XDG_CACHE_HOME: join(home, 'cache'),
    XDG_DATA_HOME: join(home, 'data'),
    // No GPU here; software drawing keeps MiniBrowser quiet and steady.
    WEBKIT_DISABLE_COMPOSITING_MODE: '1',
    LIBGL_ALWAYS_SOFTWARE: '1',
  }
  const visible = watch && Boolean(process.env.DISPLAY)
  const [command, args] = visible
    ? [WEBKIT_DRIVER, [`--port=${port}`]]
    : ['xvfb-run', ['-a', '-s', '-screen 0 1280x1024x24', WEBKIT_DRIVER, `--port=${port}`]]
  const driverProcess = spawn(command, args, {
    env: driverEnv,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let driverErrors = ''
  driverProcess.stderr.on('data', (chunk) => {
    driverErrors = (driverErrors + chunk).slice(-4000)
  })
  const stopDriver = () => {
    try {
      process.kill(-driverProcess.pid, 'SIGTERM')
    } catch {
      // Already gone.
    }
  }
  // The driver runs in a process group of its own (with Xvfb and MiniBrowser): a test process
  // that ends without closing the browser ends them too.
  process.once('exit', stopDriver)
  try {
    await until(async () => {
      if (driverProcess.exitCode !== null) throw new Error(`WebKitWebDriver ended: ${driverErrors}`)
      try {
        return (await fetch(`http://127.0.0.1:${port}/status`)).ok
      } catch {
        return false
      }
    }, 'WebKitWebDriver')
    const driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: miniBrowser(), args: ['--automation'] },
      })
      .build()
    await driver.manage().window().setRect(VIEWPORT)
    await driver.manage().setTimeouts({ script: 60_000, pageLoad: 300_000 })
    const wrap = (handle) => webkitTab(driver, Key, handle)
    let current = wrap(await driver.getWindowHandle())
    return {
      engine: 'webkit',
      tab: () => current,
      newTab: async () => {
        await driver.switchTo().newWindow('tab')
        current = wrap(await driver.getWindowHandle())
        return current
      },
      switchTo: (tab) => {
        current = tab
        return tab.bringToFront()
      },
      reset: async () => {
        const [first, ...others] = await driver.getAllWindowHandles()
        for (const handle of others) {
          await driver.switchTo().window(handle)
          await driver.close()
        }
        await driver.switchTo().window(first)
        current = wrap(first)
        await current.clearOrigin()
      },
      takeErrors: () => [],
      close: async () => {
        try {
          // A driver stuck on its browser may never answer: it is ended either way.
          await Promise.race([driver.quit(), new Promise((resolve) => setTimeout(resolve, 10_000))])
        } finally {
          stopDriver()
        }
      },
    }
  } catch (error) {
    stopDriver()
    throw error
  }
}

function webkitTab(driver, Key, handle) {
  const inThisTab = async () => {
    if ((await driver.getWindowHandle()) !== handle) await driver.switchTo().window(handle)
  }
  return {
    goto: async (url) => {
      await inThisTab()
      await driver.get(url)
    },
    url: async () => {
      await inThisTab()
      return driver.getCurrentUrl()
    },
    evaluate: async (fn, ...args) => {
      await inThisTab()
      return driver.executeScript(`return (${fn}).apply(null, arguments)`, ...args)
    },
    run: async (source) => {
      await inThisTab()
      await driver.executeScript(source)
    },
    click: async (element) => {
      await inThisTab()
      await element.click()
    },
    /** A click at a point of the viewport (CSS pixels), on whatever the browser drew there. */
    clickAt: async (x, y) => {
      await inThisTab()
      await driver
        .actions()
        .move({ x: Math.round(x), y: Math.round(y), origin: 'viewport' })
        .click()
        .perform()
    },
    // WebKitWebDriver cannot click an option of a closed select; a person's keyboard can
    // choose it: focus the select and type the option's text.
    choose: async (select, value) => {
      await inThisTab()
      const label = await driver.executeScript(
        'return [...arguments[0].options].find((option) => option.value === arguments[1]).text',
        select,
        value,
      )
      await select.sendKeys(label)
    },
    type: async (element, text) => {
      await inThisTab()
      await element.sendKeys(text)
    },
    press: async (key) => {
      await inThisTab()
      await driver
        .actions()
        .sendKeys(Key[key.toUpperCase()] ?? key)
        .perform()
    },
    selectAll: async (element) => {
      await inThisTab()
      await element.sendKeys(Key.chord(Key.CONTROL, 'a'), Key.BACK_SPACE)
    },
    screenshot: async (path) => {
      await inThisTab()
      writeFileSync(path, Buffer.from(await driver.takeScreenshot(), 'base64'))
    },
    /** The window's size; the page inside is as wide (MiniBrowser draws no frame in automation). */
    resize: async (width, height) => {
      await inThisTab()
      await driver.manage().window().setRect({ width, height })
    },
    bringToFront: inThisTab,
    clearOrigin: async () => {
      await inThisTab()
      const url = await driver.getCurrentUrl()
      if (url.startsWith('http')) {
        await driver.executeScript('sessionStorage.clear(); localStorage.clear()')
        await driver.manage().deleteAllCookies()
      }
      await driver.get('about:blank')
    },
  }
}

import { isAppPlatform } from '../contract/platform.ts'
import { APPS_PARAMS as PARAM, type ScreenArea, type ScreenName } from '../contract/screens.ts'
import { escapeHtml } from './mdm/views/html.ts'

type FrameTexts = { title: string; lead?: string; card?: string }

/**
 * What a screen says first, whoever opens it and whatever the service answers: its heading and
 * lead (`namespace:key` in locales/), and the card it sits in on the pages before sign-in; for a
 * screen whose first words depend on its address, what the address calls for. These go into the
 * page itself (startupFrame), so they show as soon as the page arrives, in the page's language,
 * instead of once the portal's code has run. Screens whose heading depends on the service's
 * answer (a device, an app, a user) show the product's name and placeholders.
 */
const FRAME_TEXTS: Partial<
  Record<ScreenName, FrameTexts | ((query: URLSearchParams) => FrameTexts | undefined)>
> = {
  login: { title: 'auth:login.title', lead: 'auth:login.intro', card: 'card sign-in' },
  forgotPassword: {
    title: 'password:forgot.title',
    lead: 'password:forgot.lead',
    card: 'card password-page',
  },
  devices: { title: 'devices:list.title', lead: 'devices:list.lead' },
  enroll: { title: 'enrollment:title', lead: 'enrollment:lead' },
  account: { title: 'account:title', lead: 'account:lead' },
  adminUsers: { title: 'admin:users.title', lead: 'admin:users.lead' },
  apps: appsTexts,
  resetPassword: resetPasswordTexts,
}

const ROWS = '<div class="skeleton__row"></div>'.repeat(3)

/**
 * What a screen shows below its heading from the start, besides placeholders, when that is more
 * than the heading: the account page opens on the card of the user's details, whose heading and
 * words about who manages them do not depend on the service (the user's name and address, and the
 * details, stand in as empty lines and placeholders). The markup is the page's own
 * (src/features/account/account-details.tsx), styled by the page's own sheet, which the shell
 * carries for this reason (src/styles/index.css).
 */
const FRAME_BODIES: Partial<
  Record<ScreenName, (text: FrameText, query: URLSearchParams) => string | null>
> = {
  account: (text) => {
    const title = text('account:details.title')
    const lead = text('account:details.managedBy')
    if (!title || !lead) return null
    return (
      '<div class="account-layout"><div class="account-layout__main"><section class="card account-card">' +
      '<div class="account-profile"><span class="account-profile__avatar disc"></span><div>' +
      '<p class="account-profile__name">&nbsp;</p><p class="account-profile__email">&nbsp;</p></div></div>' +
      `<h2>${escapeHtml(title)}</h2><p class="account-card__lead">${escapeHtml(lead)}</p>` +
      `<div class="skeleton">${ROWS}</div></section></div></div>`
    )
  },
  apps: appsBody,
}

/**
 * "My apps" without a device in the address opens on all the user's apps: until the devices are
 * known, the page shows its lead, the toolbar (the device picker saying it is loading, the search
 * and the platform from the address) and the hint to choose a device, as here, with the
 * catalog's placeholders beneath (src/features/apps/components/apps-screen.tsx; the toolbar's
 * sheet comes with the shell). The frame is inert, so none of its fields takes focus or typing.
 * A device's apps need the device: the heading and placeholders only.
 */
function appsBody(text: FrameText, query: URLSearchParams): string | null {
  if (query.get(PARAM.device)) return null
  const texts = {
    deviceLabel: text('apps:device.label'),
    deviceLoading: text('apps:device.loading'),
    search: text('apps:filters.search'),
    platform: text('apps:filters.platform'),
    allPlatforms: text('apps:filters.allPlatforms'),
    hint: text('apps:list.chooseDevice'),
  }
  if (Object.values(texts).some((value) => value === null)) return null
  const html = (key: keyof typeof texts) => escapeHtml(texts[key] ?? '')
  const platform = query.get(PARAM.platform)
  const platformName = isAppPlatform(platform) ? text(`apps:platform.${platform}`) : null
  return (
    '<div class="card apps-toolbar">' +
    `<div class="field apps-device-picker"><label>${html('deviceLabel')}</label>` +
    `<select disabled><option>${html('deviceLoading')}</option></select></div>` +
    '<div class="apps-filters">' +
    `<div class="field apps-filters__search"><label>${html('search')}</label>` +
    `<input type="search" value="${escapeHtml(query.get(PARAM.query) ?? '')}"></div>` +
    `<div class="field apps-filters__platform"><label>${html('platform')}</label>` +
    `<select><option>${escapeHtml(platformName ?? texts.allPlatforms ?? '')}</option></select></div>` +
    '</div></div>' +
    `<div class="alert alert--info"><div class="alert__body">${html('hint')}</div></div>` +
    `<div class="skeleton">${ROWS}</div>`
  )
}

/** "My apps" names a device in the address, or opens on all apps with their lead (appsBody). */
function appsTexts(query: URLSearchParams): FrameTexts {
  return query.get(PARAM.device)
    ? { title: 'apps:title' }
    : { title: 'apps:title', lead: 'apps:list.leadAll' }
}

/**
 * A link to set a password (an invitation's with `join=1`) opens on its own heading; without a
 * token in the address the page says the link is not valid, which the frame does not guess.
 */
function resetPasswordTexts(query: URLSearchParams): FrameTexts | undefined {
  if (!query.get('token')) return undefined
  const join = query.get('join') === '1' || query.get('join') === 'true'
  return {
    title: join ? 'password:reset.titleJoin' : 'password:reset.titleReset',
    card: 'card password-page',
  }
}

/** A text of the page's language by `namespace:key` (dotted), or null when there is none. */
export type FrameText = (key: string) => string | null

/**
 * The page's content until the portal starts: the header with the product's name and, for a
 * screen that has them, its heading and lead, laid out with the classes the portal's own frame and
 * `Page` use (src/app/app-layout.tsx, public-layout.tsx, src/components/page.tsx), so the portal
 * replaces it with the same words in the same place (e2e/startup-frame.spec.ts checks it). Inert
 * and hidden from assistive technology: nothing in it can be used yet.
 */
export function startupFrame(
  screen: { name: ScreenName; area: ScreenArea } | null,
  text: FrameText,
  query: URLSearchParams = new URLSearchParams(),
): { html: string; title: string | null } {
  const product = text('common:product.name')
  const texts = screen ? FRAME_TEXTS[screen.name] : undefined
  const frame = typeof texts === 'function' ? texts(query) : texts
  const title = frame ? text(frame.title) : null
  const lead = frame?.lead ? text(frame.lead) : null
  const heading = title
    ? `<div class="page__header"><div><h1 class="page__title">${escapeHtml(title)}</h1>${
        lead ? `<p class="page__lead">${escapeHtml(lead)}</p>` : ''
      }</div></div>`
    : ''
  let body =
    (screen && title && FRAME_BODIES[screen.name]?.(text, query)) ||
    `<div class="skeleton">${ROWS}</div>`
  if (heading) body = `<div class="page">${heading}${body}</div>`
  if (heading && frame?.card) body = `<div class="${frame.card}">${body}</div>`
  const isPublic = screen?.area === 'public'
  // On a wide screen the employee's navigation takes a row of its own under the product's name:
  // its stand-in keeps the heading where the page will put it (hidden on a phone, as the
  // navigation is, behind its menu button).
  const nav = screen?.area === 'signedIn' ? '<div class="nav nav--frame"></div>' : ''
  const html =
    `<div class="${isPublic ? 'shell shell--public' : 'shell'}" aria-hidden="true" inert>` +
    `<div class="header"><div class="header__inner"><span class="brand"><span class="brand__mark"></span>${
      product ? escapeHtml(product) : ''
    }</span>${nav}</div></div>` +
    `<div class="${isPublic ? 'main main--public' : 'main'}">${body}</div></div>`
  return { html, title: title && product ? `${title} · ${product}` : product }
}

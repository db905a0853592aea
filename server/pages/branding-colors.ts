/**
 * The organisation's accent colour in both themes. The light theme shows it as given; the dark
 * theme a lighter shade of the same hue. Each must reach WCAG 2.2 AA against the surfaces it sits
 * on (4.5:1, as text and links, which covers 3:1 for controls) and carry a text colour on its
 * buttons at 4.5:1; a colour that cannot is refused at start rather than shipped unreadable.
 */

/** The surfaces of each theme (src/styles/tokens.css): page background and cards. */
const LIGHT_SURFACES = ['#f5f7fa', '#ffffff', '#e8f0fb']
const DARK_SURFACES = ['#111923', '#1a2431', '#1c2d46']
/** The text colours a button may take on the accent (tokens.css: --color-primary-text). */
const LIGHT_TEXT = '#ffffff'
const DARK_TEXT = '#0d1b2e'
const AA_TEXT = 4.5

type Rgb = [number, number, number]

function parseHex(value: string): Rgb | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim())
  if (!match?.[1]) return null
  const hex =
    match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1]
  return [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16)) as Rgb
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`
}

/** Relative luminance, WCAG 2.2's definition. */
function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [one, two] = [luminance(parseHex(a) ?? [0, 0, 0]), luminance(parseHex(b) ?? [0, 0, 0])]
  return (Math.max(one, two) + 0.05) / (Math.min(one, two) + 0.05)
}

function mix(colour: string, toward: string, share: number): string {
  const from = parseHex(colour) ?? [0, 0, 0]
  const to = parseHex(toward) ?? [0, 0, 0]
  return toHex(from.map((channel, index) => channel + ((to[index] ?? 0) - channel) * share) as Rgb)
}

/** The weakest contrast of a colour against a theme's surfaces. */
function weakest(colour: string, surfaces: string[]): number {
  return Math.min(...surfaces.map((surface) => contrast(colour, surface)))
}

export interface AccentVariant {
  /** Links, the active tab, the primary button. */
  primary: string
  hover: string
  /** Text on a primary button. */
  text: string
}

export interface AccentColors {
  light: AccentVariant
  dark: AccentVariant
}

function variant(primary: string, hoverToward: string, share: number): AccentVariant {
  const text =
    contrast(primary, LIGHT_TEXT) >= contrast(primary, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT
  return { primary, hover: mix(primary, hoverToward, share), text }
}

/**
 * The light and dark variants of an accent colour, or why it cannot serve: the message names
 * the setting it came from.
 */
export function accentColors(setting: string, value: string): AccentColors {
  if (!parseHex(value)) {
    throw new Error(`${setting} must be a colour like #0a5c36, not "${value}".`)
  }
  const given = toHex(parseHex(value) ?? [0, 0, 0])
  const light = weakest(given, LIGHT_SURFACES)
  if (light < AA_TEXT) {
    throw new Error(
      `${setting} ${given} reaches only ${light.toFixed(2)}:1 against the light theme's background; WCAG AA asks for ${AA_TEXT}:1 for text and links: choose a darker colour.`,
    )
  }
  // The dark theme: the same hue lightened step by step until it reads on the dark surfaces.
  let dark = given
  for (let share = 0; share <= 0.9 && weakest(dark, DARK_SURFACES) < AA_TEXT; share += 0.05) {
    dark = mix(given, '#ffffff', share)
  }
  const darkVariant = variant(dark, '#ffffff', 0.3)
  if (weakest(dark, DARK_SURFACES) < AA_TEXT || contrast(dark, darkVariant.text) < AA_TEXT) {
    throw new Error(
      `${setting} ${given} has no lighter shade that reaches WCAG AA (${AA_TEXT}:1) in the dark theme: choose another colour.`,
    )
  }
  const lightVariant = variant(given, '#000000', 0.2)
  if (contrast(given, lightVariant.text) < AA_TEXT) {
    throw new Error(
      `${setting} ${given}: no text colour reaches WCAG AA (${AA_TEXT}:1) on buttons of this colour: choose a darker colour.`,
    )
  }
  return { light: lightVariant, dark: darkVariant }
}

/** The sheet that puts the accent in place of the portal's blue (served, never inline). */
export function accentSheet({ light, dark }: AccentColors): string {
  const tokens = (each: AccentVariant, brand: boolean) =>
    [
      `--color-primary:${each.primary}`,
      `--color-primary-hover:${each.hover}`,
      `--color-primary-text:${each.text}`,
      // The focus ring in the same colour: it reaches 3:1 on every surface, as AA asks.
      `--color-focus:${each.primary}`,
      ...(brand ? [`--color-brand:${each.primary}`, `--color-brand-mark:${each.text}`] : []),
    ].join(';')
  return `:root{${tokens(light, true)}}\n:root[data-theme='dark']{${tokens(dark, false)}}\n`
}

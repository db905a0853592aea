import { describe, expect, it } from 'vitest'

// Every locale file as it is on disk, the server's (`server.*.json`) too, as one text per language.
const files = import.meta.glob<unknown>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
})
function textOf(language: string): string {
  return Object.entries(files)
    .filter(([path]) => path.includes(`/locales/${language}/`))
    .map(([, content]) => JSON.stringify(content))
    .join('\n')
}

/** One word for each thing: the words on the left are not used, the one on the right is. */
const TERMS: Record<string, [RegExp, string][]> = {
  en: [
    [/organization/i, 'organisation'],
    [/IT department/, 'IT help desk'],
    [/device management service/, 'device service'],
  ],
  de: [
    // Apple's own German name for lost mode.
    [/Verloren-Modus|Verlustmodus/, 'Modus „Verloren“'],
    [/IT-Abteilung|IT-Support/, 'IT-Helpdesk'],
    [/Arbeitsaccount/, 'Arbeitskonten'],
    [/Profil holen/, 'Profil laden'],
    [/ist auf \{\{device\}\} fehlgeschlagen/, 'ein Fehler aufgetreten'],
    [/Dienst für die Geräteverwaltung/, 'Gerätedienst'],
    // A refusal says what the reader cannot do in their role, not what "the role" allows.
    [/Ihre Rolle, [^"]*erlaubt/, 'können Sie keine'],
    // "Finder" reads as the Mac's app.
    [/\bein(em)? Finder\b/, 'jemand, der es findet'],
    // People are named without a gender where that reads naturally ("die eingeladene Person",
    // "jemand aus Ihrem Team"); the product's terms for roles stay as they are, as in "Benutzer
    // einladen", with no pairs of forms.
    [/Administratorin|Kollegin/, 'einen Administrator'],
    // The invite dialog names the one invited, who may be anyone.
    [/\bKolleg(e|en)\b/, '"description":"Die eingeladene Person erhält eine E-Mail'],
    // A field nobody filled in reads the same on the account page and the help desk's user page.
    [/Nicht angegeben/, '"none":"Nicht hinterlegt"'],
    [/\{\{browser\}\} auf \{\{system\}\}/, '{{browser}} unter {{system}}'],
    // "Done" says what the English says: when the device was seen to have done it.
    [
      /nach dem Senden festgestellt|erledigt \(nach/,
      'erledigt: {{duration}} nach dem Senden gesehen',
    ],
    // The activity's filter names a removal as it names an installation, by its noun.
    [/App-Entfernen/, '"appUninstall":"App-Entfernung angefordert"'],
    // "Gesendet jetzt" reads wrong; a label before the time reads for "jetzt" and "vor 2 Minuten".
    [/Gesendet \{\{relative\}\}/, '"waitingSince":"Gesendet: {{relative}} ({{time}})'],
    // The wipe's button beside "Benutzer löschen" names what it deletes.
    [/"button":"Löschen\u00a0…"/, '"button":"Gerät löschen\u00a0…"'],
  ],
}

describe('terminology', () => {
  it.each(Object.keys(TERMS))('%s uses one word for each thing', (language) => {
    const text = textOf(language)
    for (const [avoided, used] of TERMS[language] ?? []) {
      expect(text, `${avoided}`).not.toMatch(avoided)
      expect(text).toContain(used)
    }
  })

  it("calls a wipe a wipe in the activity, as its button and the device's state do", () => {
    const text = textOf('en')
    expect(text).toContain('"wipe":{"title":"Wipe"')
    expect(text).not.toMatch(/"Erased by|"wipe":"Erase"/)
    expect(text).toContain('"by":"Wiped by {{account}}"')
  })

  it("names a device's and a user's id in the activity and its CSV as the device page does", () => {
    // The device page's details say "Device ID" and "User ID"; an auditor matches the CSV to them.
    expect(textOf('en')).toContain('"clientId":"Device ID","userId":"User ID"')
    expect(textOf('en')).not.toMatch(/Client id|User id/)
    expect(textOf('de')).toContain('"clientId":"Geräte-ID","userId":"Benutzer-ID"')
    expect(textOf('de')).not.toMatch(/Client-ID/)
  })

  it('calls a passcode a passcode on its show switch', () => {
    expect(textOf('en')).toContain('"showPasscode":"Show passcode"')
  })

  it('keeps a German ellipsis with its word, so a line never starts with it', () => {
    const text = textOf('de')
    expect(text).toContain('\u00a0…')
    expect(text).not.toMatch(/ …/)
  })

  it('keeps a German word\'s shared part with its hyphen and its "oder" ("oder ‑Tablet"), so no line ends with the hyphen alone or starts with it', () => {
    const text = textOf('de')
    expect(text).toContain('oder\u00a0\u2011Tablet')
    expect(text).not.toMatch(/ -\p{L}/u)
    expect(text).not.toMatch(/ \u2011\p{L}/u)
  })

  it('keeps "IT‑Helpdesk" on one line: its hyphen does not break', () => {
    const namespaces = ['auth', 'password', 'account', 'enrollment', 'common', 'admin', 'apps']
    const text = Object.entries(files)
      .filter(([path]) => namespaces.some((name) => path.includes(`/locales/de/${name}.`)))
      .map(([, content]) => JSON.stringify(content))
      .join('\n')
    expect(text).toContain('IT\u2011Helpdesk')
    expect(text).not.toContain('IT-Helpdesk')
  })
})

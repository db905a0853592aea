/**
 * The words of the portal's own screens (locales/<language>/records.json: actionName, outcome,
 * details) that the activity's CSV uses, so the file says what the screens say. The server
 * imports nothing of the portal; a test holds these to the screens' files.
 */
export const CSV_WORDS = {
  en: {
    actionName: {
      lock: 'Lock',
      wipe: 'Erase',
      lostModeOn: 'Lost mode on',
      lostModeOff: 'Lost mode off',
      locate: 'Locate',
      passcodeReset: 'Passcode reset',
      appListRefresh: 'App list refresh',
      appInstall: 'App install',
      appUninstall: 'App removal',
    },
    outcome: {
      sent: 'sent, waiting for the device',
      accepted: 'sent to the device',
      done: 'done',
      doneAfter: 'done: seen {{duration}} after sending',
      refused: 'refused by the service',
      refusedRole: 'refused by the portal: not allowed for the sender’s help desk role',
      noAnswer: 'no answer yet',
    },
    details: {
      message: 'Message: “{{value}}”',
      phonenumber: 'Phone: {{value}}',
      footnote: 'Footnote: “{{value}}”',
      kindPartial: 'Work data only',
      kindFull: 'Everything (factory reset)',
      app: 'App: {{value}}',
    },
  },
  de: {
    actionName: {
      lock: 'Sperren',
      wipe: 'Löschen',
      lostModeOn: 'Modus „Verloren“ aktivieren',
      lostModeOff: 'Modus „Verloren“ deaktivieren',
      locate: 'Orten',
      passcodeReset: 'Code zurücksetzen',
      appListRefresh: 'App-Liste aktualisieren',
      appInstall: 'App installieren',
      appUninstall: 'App entfernen',
    },
    outcome: {
      sent: 'gesendet, wartet auf das Gerät',
      accepted: 'an das Gerät gesendet',
      done: 'erledigt',
      doneAfter: 'erledigt (nach {{duration}})',
      refused: 'vom Dienst abgelehnt',
      refusedRole: 'vom Portal abgelehnt: für die Helpdesk-Rolle des Absenders nicht erlaubt',
      noAnswer: 'noch keine Antwort',
    },
    details: {
      message: 'Nachricht: „{{value}}“',
      phonenumber: 'Telefon: {{value}}',
      footnote: 'Fußnote: „{{value}}“',
      kindPartial: 'Nur die Arbeitsdaten',
      kindFull: 'Alles (Zurücksetzen auf Werkseinstellungen)',
      app: 'App: {{value}}',
    },
  },
} as const

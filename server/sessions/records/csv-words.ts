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
      appInstall: 'App installation request',
      appUninstall: 'App removal request',
    },
    outcome: {
      sent: 'sent, waiting for the device',
      accepted: 'sent to the device',
      done: 'done',
      doneAfter: 'done: seen {{duration}} after sending',
      refused: 'refused by the service',
      refusedRole: 'refused by the portal: not allowed for the sender’s help desk role',
      noAnswer: 'no answer yet',
      refusedNotAssigned: 'refused by the service: not assigned to this user',
      refusedNotCompatible: 'refused by the service: not compatible with this device',
    },
    details: {
      message: 'Message: “{{value}}”',
      phonenumber: 'Phone: {{value}}',
      footnote: 'Footnote: “{{value}}”',
      kindPartial: 'Work data only',
      kindFull: 'Everything (factory reset)',
      app: 'App: {{value}}',
      appUnknown: 'An app your company no longer offers',
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
      appInstall: 'App-Installation angefordert',
      appUninstall: 'App-Entfernen angefordert',
    },
    outcome: {
      sent: 'gesendet, wartet auf das Gerät',
      accepted: 'an das Gerät gesendet',
      done: 'erledigt',
      doneAfter: 'erledigt: {{duration}} nach dem Senden festgestellt',
      refused: 'vom Dienst abgelehnt',
      refusedRole: 'vom Portal abgelehnt: für die Helpdesk-Rolle des Absenders nicht erlaubt',
      noAnswer: 'noch keine Antwort',
      refusedNotAssigned: 'vom Dienst abgelehnt: diesem Benutzer nicht zugewiesen',
      refusedNotCompatible: 'vom Dienst abgelehnt: mit diesem Gerät nicht kompatibel',
    },
    details: {
      message: 'Nachricht: „{{value}}“',
      phonenumber: 'Telefon: {{value}}',
      footnote: 'Fußnote: „{{value}}“',
      kindPartial: 'Nur die Arbeitsdaten',
      kindFull: 'Alles (Zurücksetzen auf Werkseinstellungen)',
      app: 'App: {{value}}',
      appUnknown: 'Eine App, die Ihr Unternehmen nicht mehr anbietet',
    },
  },
} as const

import type { Messages } from './messages-en.ts'

/** German texts of the service (Accept-Language: de). */
export const MESSAGES_DE: Messages = {
  codes: {
    malformedJson: 'Der Inhalt der Anfrage ist kein gültiges JSON-Objekt.',
    wrongContentType: 'Der Inhalt der Anfrage muss als application/json gesendet werden.',
    invalidField: 'Das Feld „{field}“ {reason}.',
    bodyTooLarge: 'Der Inhalt der Anfrage ist größer als 1 MB.',
    unknownEndpoint: 'Diesen Endpunkt gibt es nicht.',
    internalError: 'Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
    deviceNotFound: 'Das Gerät wurde nicht gefunden.',
    deviceIdentifierInvalid:
      'Geben Sie das Gerät mit genau einem der Felder clientid, imei und serialnumber an.',
    actionNotAvailable: 'Die Aktion „{action}“ ist auf diesem Gerät nicht verfügbar.',
    macPinInvalid: 'Die macpin eines Macs besteht aus genau 6 Ziffern.',
    lostModeContactRequired: 'Der Modus „Verloren“ braucht eine Nachricht oder eine Telefonnummer.',
    androidPasswordRequired: 'Android-Geräte brauchen für diese Aktion ein Passwort.',
    appNotFound: 'Die App wurde nicht gefunden.',
    appImageNotFound: 'Die App hat kein Bild.',
    appNotAssigned: 'Die App ist diesem Gerät oder seinem Benutzer nicht zugewiesen.',
    appNotCompatible: 'Die App ist mit diesem Gerät nicht kompatibel.',
    unauthorized:
      'Anmeldung fehlgeschlagen: Senden Sie ein gültiges Zugriffstoken oder einen API-Schlüssel.',
    tokenExpired: 'Das Zugriffstoken ist abgelaufen. Bitte melden Sie sich erneut an.',
    forbidden: 'Diese Aktion ist für diese Art von Konto nicht erlaubt.',
    invalidResetToken:
      'Der Link zum Zurücksetzen des Passworts ist ungültig, schon benutzt oder abgelaufen.',
    wrongCredentials: 'Benutzername oder Passwort ist falsch.',
    accountLocked:
      'Das Konto ist nach zu vielen falschen Passwörtern gesperrt. Ein Administrator kann es entsperren.',
    accountNotActivated:
      'Das Konto ist noch nicht aktiviert. Legen Sie über den Link in der Einladung ein Passwort fest.',
    identityProviderNotConfigured:
      'Die Anmeldung mit Microsoft ist für diesen Dienst nicht eingerichtet.',
    mtcidRequired:
      'Dieser Administrator hat Zugriff auf mehrere Mandanten: Senden Sie die Mandanten-ID im Feld „mtcid“.',
    tenantNotAccessible: 'Kein Zugriff auf den Mandanten „{mtcid}“.',
    userNotFound: 'Der Benutzer wurde nicht gefunden.',
    userAlreadyExists: 'Ein Benutzer mit der E-Mail-Adresse {email} existiert bereits.',
    passwordsDoNotMatch: 'Das neue Passwort und seine Bestätigung stimmen nicht überein.',
    passwordTooWeak:
      'Das Passwort muss mindestens 8 Zeichen lang sein und mindestens einen Buchstaben und eine Ziffer enthalten.',
    oldPasswordWrong: 'Das aktuelle Passwort ist falsch.',
    managedAppleIdRequired:
      'Ein privates Apple-Gerät kann erst registriert werden, wenn für den Benutzer eine verwaltete Apple-ID hinterlegt ist.',
    identityTokenInvalid: 'Das Identitätstoken ist für diesen Dienst nicht gültig.',
    identityTokenExpired: 'Das Identitätstoken ist abgelaufen. Bitte melden Sie sich erneut an.',
    identityWrongIssuer:
      'Das Identitätstoken stammt von einer anderen Organisation (Aussteller „{issuer}“).',
    identityAccountUnknown: 'Das Konto {email} ist kein Benutzer dieses Dienstes.',
    identityProviderUnavailable:
      'Der Identitätsanbieter ist nicht erreichbar. Bitte versuchen Sie es später erneut.',
  },
  reasons: {
    missing: 'fehlt',
    text: 'muss eine Zeichenkette sein',
    boolean: 'muss true oder false sein',
    number: 'muss eine Zahl sein',
    integer: 'muss eine ganze Zahl sein',
    object: 'muss ein Objekt sein',
    oneOf: 'muss einer dieser Werte sein: {values}',
    notEmpty: 'darf nicht leer sein',
    tooLong: 'ist zu lang',
    email: 'muss eine E-Mail-Adresse sein',
    dateTime: 'muss ein Datum (JJJJ-MM-TT) oder eine Zeitangabe nach ISO 8601 sein',
    invalid: 'hat einen ungültigen Wert',
  },
  warnings: {
    groupTemplateMissing:
      'Die Gruppenvorlage {id} existiert nicht; der Benutzer wurde der Standardgruppe zugeordnet.',
    invitationNotDelivered:
      'Der Benutzer wurde angelegt, aber die Einladung an {email} konnte nicht zugestellt werden.',
  },
}

import type { Lang } from './language.ts'
import type { ProfileVariant } from '../model/profile-variant.ts'

/** Texts of the enrollment web page (mdmprofile with html true). {email}, {appleid} are filled in. */
interface PageText {
  title: string
  steps: string[]
}

interface PageTexts {
  variants: Record<ProfileVariant, PageText>
  stepsHeading: string
  downloadProfile: string
  downloadFile: string
  account: string
}

export const PAGE_TEXTS: Record<Lang, PageTexts> = {
  en: {
    stepsHeading: 'Steps',
    downloadProfile: 'Download profile',
    downloadFile: 'Download enrollment file',
    account: 'Account: {email}',
    variants: {
      ios: {
        title: 'Enroll your iPhone or iPad',
        steps: [
          'Open this page in Safari on the device.',
          'Tap "Download profile" and allow the download.',
          'Open Settings, tap "Profile Downloaded" and install the profile.',
          'Enter the device passcode and confirm the remote management.',
        ],
      },
      'ios-byod': {
        title: 'Enroll your personal iPhone or iPad',
        steps: [
          'Open this page in Safari on the device.',
          'Tap "Download profile" and allow the download.',
          'Open Settings, tap "Enroll" and sign in with your managed Apple ID {appleid}.',
          'Only work apps and data are managed; your personal data stays private.',
        ],
      },
      macos: {
        title: 'Enroll your Mac',
        steps: [
          'Open this page on the Mac and download the profile.',
          'Open System Settings, then Privacy & Security, then Profiles, and install the profile.',
          'Enter your Mac password to allow the remote management.',
        ],
      },
      'macos-byod': {
        title: 'Enroll your personal Mac',
        steps: [
          'Open this page on the Mac and download the profile.',
          'Open System Settings, then Privacy & Security, then Profiles, and install the profile.',
          'Sign in with your managed Apple ID {appleid}.',
        ],
      },
      'android-fully-managed': {
        title: 'Set up a company Android device',
        steps: [
          'Start from a device reset to factory settings.',
          'On the welcome screen, tap six times and scan the enrollment QR code.',
          'Follow the steps on the device; it is set up as a company device.',
        ],
      },
      'android-work-profile': {
        title: 'Add a work profile to your Android device',
        steps: [
          'Install the device management app from Google Play.',
          'Open it, sign in with {email} and load the enrollment file if asked.',
          'Follow the steps to create the work profile; your personal apps and data stay private.',
        ],
      },
    },
  },
  de: {
    stepsHeading: 'Schritte',
    downloadProfile: 'Profil laden',
    downloadFile: 'Registrierungsdatei laden',
    account: 'Konto: {email}',
    variants: {
      ios: {
        title: 'iPhone oder iPad registrieren',
        steps: [
          'Öffnen Sie diese Seite in Safari auf dem Gerät.',
          'Tippen Sie auf „Profil laden“ und erlauben Sie den Download.',
          'Öffnen Sie die Einstellungen, tippen Sie auf „Profil geladen“ und installieren Sie das Profil.',
          'Geben Sie den Gerätecode ein und bestätigen Sie die Fernverwaltung.',
        ],
      },
      'ios-byod': {
        title: 'Privates iPhone oder iPad registrieren',
        steps: [
          'Öffnen Sie diese Seite in Safari auf dem Gerät.',
          'Tippen Sie auf „Profil laden“ und erlauben Sie den Download.',
          'Öffnen Sie die Einstellungen, tippen Sie auf „Registrieren“ und melden Sie sich mit Ihrer verwalteten Apple-ID {appleid} an.',
          'Verwaltet werden nur dienstliche Apps und Daten; Ihre privaten Daten bleiben privat.',
        ],
      },
      macos: {
        title: 'Mac registrieren',
        steps: [
          'Öffnen Sie diese Seite auf dem Mac und laden Sie das Profil.',
          'Öffnen Sie die Systemeinstellungen, dann Datenschutz & Sicherheit, dann Profile, und installieren Sie das Profil.',
          'Geben Sie Ihr Mac-Passwort ein, um die Fernverwaltung zu erlauben.',
        ],
      },
      'macos-byod': {
        title: 'Privaten Mac registrieren',
        steps: [
          'Öffnen Sie diese Seite auf dem Mac und laden Sie das Profil.',
          'Öffnen Sie die Systemeinstellungen, dann Datenschutz & Sicherheit, dann Profile, und installieren Sie das Profil.',
          'Melden Sie sich mit Ihrer verwalteten Apple-ID {appleid} an.',
        ],
      },
      'android-fully-managed': {
        title: 'Android-Firmengerät einrichten',
        steps: [
          'Beginnen Sie mit einem auf Werkseinstellungen zurückgesetzten Gerät.',
          'Tippen Sie auf dem Begrüßungsbildschirm sechsmal und scannen Sie den QR-Code zur Registrierung.',
          'Folgen Sie den Schritten auf dem Gerät; es wird als Firmengerät eingerichtet.',
        ],
      },
      'android-work-profile': {
        title: 'Arbeitsprofil auf Ihrem Android-Gerät anlegen',
        steps: [
          'Installieren Sie die Geräteverwaltungs-App aus Google Play.',
          'Öffnen Sie sie, melden Sie sich mit {email} an und laden Sie bei Nachfrage die Registrierungsdatei.',
          'Folgen Sie den Schritten zum Anlegen des Arbeitsprofils; Ihre privaten Apps und Daten bleiben privat.',
        ],
      },
    },
  },
}

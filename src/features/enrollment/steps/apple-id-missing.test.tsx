import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { changeLanguage } from '@/lib/i18n'
import { AppleIdMissing } from './apple-id-missing'

afterEach(async () => {
  cleanup()
  await changeLanguage('en')
})

describe('a personal iPhone without a managed Apple ID', () => {
  it.each([
    [
      'en',
      'To manage a personal iPhone, iPad or Mac, your company needs to give you a work Apple ID first (a “managed Apple ID”). Your IT help desk creates it for you (in Apple Business Manager); it keeps work and private data on the device apart (Apple’s User Enrollment). Your account does not have one yet, so the device cannot be enrolled.',
    ],
    [
      'de',
      'Für ein privates iPhone, iPad oder einen privaten Mac brauchen Sie zuerst eine dienstliche Apple-ID (eine „verwaltete Apple-ID“). Ihr IT‑Helpdesk legt sie für Sie an (in Apple Business Manager); mit ihr bleiben dienstliche und private Daten auf dem Gerät getrennt (Apples Benutzerregistrierung, „User Enrollment“). Ihr Konto hat noch keine, daher lässt sich das Gerät noch nicht registrieren.',
    ],
  ] as const)(
    'says why in plain words, the technical names in brackets (%s)',
    async (language, why) => {
      await changeLanguage(language)
      render(<AppleIdMissing email="anna@example.com" />)
      expect(screen.getByText(why)).toBeInTheDocument()
    },
  )
})

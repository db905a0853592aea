import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { changeLanguage } from '@/lib/i18n'
import { deviceSchema, toMsDate } from '@contract/schemas'
import { HealthPanel } from './health-summary'

const now = Date.UTC(2026, 10, 23, 12)

function locking(lastContactAgoMs: number, state: { lostmodeenabled?: boolean } = {}) {
  return deviceSchema.parse({
    ...state,
    clientid: 'i',
    type: 2,
    managed: true,
    displayname: "Anna's iPhone",
    lastcontact: toMsDate(now - lastContactAgoMs),
    actions: { lockscreen: { status: 1, visible: true } },
  })
}

function advice(lastContactAgoMs: number, region = 'Waiting for the device'): string {
  const { unmount } = render(
    <MemoryRouter>
      <HealthPanel device={locking(lastContactAgoMs)} now={now} />
    </MemoryRouter>,
  )
  const text = screen.getByRole('region', { name: region }).textContent ?? ''
  unmount()
  return text
}

describe('what is waiting for the device', () => {
  it('is said by how recently the device was in touch', () => {
    const seenNow = advice(33_000)
    expect(seenNow).toContain(
      'The device was in touch 33 seconds ago and usually answers within seconds',
    )
    expect(seenNow).not.toContain('the next time it is online')
    expect(advice(3 * 3600_000)).toContain(
      'The device was last in touch 3 hours ago. It carries out what is waiting',
    )
  })

  it('names the waiting action in lower case inside the sentence, in English and German', async () => {
    expect(advice(3 * 3600_000)).toContain('what is waiting (locking) once')
    await changeLanguage('de')
    try {
      expect(advice(3 * 3600_000, 'Wartet auf das Gerät')).toContain(
        'Was wartet (wird gesperrt), führt es aus',
      )
    } finally {
      cleanup()
      await changeLanguage('en')
    }
  })
})

describe('the heading over what the device page lists', () => {
  function heading(device: ReturnType<typeof locking>) {
    const { unmount } = render(
      <MemoryRouter>
        <HealthPanel device={device} now={now} />
      </MemoryRouter>,
    )
    const name = screen.getByRole('heading', { level: 2 }).textContent
    unmount()
    return name
  }

  it('says the page waits for the device when only a sent action is waiting, as its card does', () => {
    expect(heading(locking(33_000))).toBe('Waiting for the device')
  })

  it('says something needs attention once something does', () => {
    expect(heading(locking(33_000, { lostmodeenabled: true }))).toBe('Needs attention')
  })
})

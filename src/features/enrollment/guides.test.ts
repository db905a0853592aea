import en from '@locales/en/enrollment.json'
import { describe, expect, it } from 'vitest'
import { installGuide } from './guides'
import type { Owner } from './platform'
import type { Where } from './wizard-state'

describe('what to do when an Android phone does not arrive', () => {
  const choices: [Owner, Where][] = [
    ['personal', 'this'],
    ['personal', 'other'],
    ['company', 'this'],
    ['company', 'other'],
  ]
  it.each(choices)('speaks of its setup, not of a profile installed (%s, %s)', (owner, where) => {
    const answers = installGuide('android', owner, where).problems.map(
      (key) => en.install.problems[key].a,
    )
    expect(answers.some((answer) => /setup has finished/.test(answer))).toBe(true)
    expect(answers.join(' ')).not.toMatch(/profile shows as installed/)
  })
})

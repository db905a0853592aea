import { afterEach, describe, expect, it, vi } from 'vitest'
import { missing } from '../browsers/engines.mjs'
import { countsOf } from './browsers.mjs'

/**
 * The browser suite's runner (scripts/browsers.mjs): an engine that cannot run is named with the
 * reason, and the counts it hands `npm test` are those node's test runner reported.
 */
describe('the browser suite runner', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('names the reason an engine cannot run, and installs nothing in place of a given path', () => {
    vi.stubEnv('FIREFOX_PATH', '/nowhere/firefox')
    vi.stubEnv('MINIBROWSER_PATH', '/nowhere/MiniBrowser')
    expect(missing('firefox')).toBe('FIREFOX_PATH points to /nowhere/firefox, which does not exist')
    expect(missing('webkit')).toBe(
      'MINIBROWSER_PATH points to /nowhere/MiniBrowser, which does not exist',
    )
  })

  it("counts passed, failed (cancelled among them) and skipped from node's TAP report", () => {
    const report = [
      'ok 1 - firefox › signs in',
      'not ok 2 - firefox › locks',
      '1..9',
      '# tests 9',
      '# suites 0',
      '# pass 6',
      '# fail 1',
      '# cancelled 1',
      '# skipped 1',
      '# todo 0',
    ].join('\n')
    expect(countsOf(report)).toMatchObject({ passed: 6, failed: 2, skipped: 1 })
  })

  it('names the failed journeys, and those that passed only when tried again', () => {
    const report = [
      '# Subtest: firefox › signs in',
      'ok 1 - firefox › signs in',
      '  ---',
      '  ...',
      '# flaky: firefox › signs in',
      '# Subtest: firefox › locks',
      'not ok 2 - firefox › locks',
      "  error: 'no answer'",
      '1..2',
      '# pass 1',
      '# fail 1',
    ].join('\n')
    expect(countsOf(report)).toMatchObject({
      failedNames: ['firefox › locks'],
      flaky: ['firefox › signs in'],
    })
  })
})

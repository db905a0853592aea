import { describe, expect, it } from 'vitest'
import { checkBudgets, idleMainThreadMs } from './budgets.mjs'
import { answerEnd, countIn } from './large-account.mjs'
import { loadFigures } from './server-load.mjs'
import { median, medianRun } from './stats.mjs'

describe('median', () => {
  it('takes the middle value of an odd count and the mean of the middle two of an even one', () => {
    expect(median([300, 100, 200])).toBe(200)
    expect(median([4, 1, 3, 2])).toBe(2.5)
  })

  it('leaves out figures a run could not measure, and has none for no runs', () => {
    expect(median([null, 120, undefined, 80, Number.NaN])).toBe(100)
    expect(median([])).toBeNull()
    expect(median([null])).toBeNull()
  })
})

describe('medianRun', () => {
  it('takes each figure as its own median and the notes of the median-scoring run', () => {
    const runs = [
      { performance: 99, lcpMs: 900, tbtMs: 300, note: 'fast' },
      { performance: 70, lcpMs: 2400, tbtMs: 20, note: 'slow' },
      { performance: 90, lcpMs: 1200, tbtMs: 40, note: 'middle' },
    ]
    expect(medianRun(runs, ['performance', 'lcpMs', 'tbtMs'])).toEqual({
      performance: 90,
      lcpMs: 1200,
      tbtMs: 40,
      note: 'middle',
      runs: 3,
    })
  })
})

describe('countIn', () => {
  it('reads the total a count text states, with or without thousands separators', () => {
    expect(countIn('5,000 devices')).toBe(5000)
    expect(countIn('5.000 Geräte')).toBe(5000)
    expect(countIn('Showing 12 of 5\u202f000 devices')).toBe(5000)
    expect(countIn('2000 apps')).toBe(2000)
  })

  it('has no count for a text without a number', () => {
    expect(countIn('Updating the list…')).toBeNull()
    expect(countIn('')).toBeNull()
  })
})

describe('checkBudgets', () => {
  const budgets = {
    performance: 98,
    lcpMs: 1500,
    tbtMs: 100,
    accessibility: 100,
    bestPractices: 95,
    signInStackRatio: 1.2,
    tenantFirstScreenMs: 1500,
    tapMs: 100,
    largeListRenderMs: 300,
    largeListFilterMs: 50,
    startOfPageLines: 500,
    reference: {
      mainThreadMs: 400,
      simulated: { mainThreadMs: 200 },
      listRenderMs: 500,
      listFilterMs: 100,
      tapMs: 80,
    },
    routes: { apps: { lcpMs: 2000 } },
  }
  const lighthouse = {
    performance: 99,
    lcpMs: 1600,
    tbtMs: 120,
    accessibility: 100,
    bestPractices: 100,
  }
  const results = {
    routes: [
      {
        name: 'start, no session',
        signIn: true,
        ratio: { gzip: 2.6 },
        stackRatio: 1.25,
        lighthouse,
      },
      {
        name: 'sign-in',
        signIn: true,
        ratio: { gzip: 1.95 },
        stackRatio: 1.15,
        lighthouse,
        paired: { tbtAtIdle: 110 },
      },
      { name: 'apps', ratio: { gzip: 4 }, lighthouse, paired: { tbtAtIdle: 60 } },
    ],
    largeAccount: {
      lists: [
        {
          label: 'device list',
          renderMs: 2500,
          answerToRenderMs: 350,
          filterMs: null,
          ratio: { answerToRender: 0.5, filter: 0.3 },
        },
      ],
    },
    tenant: {
      lists: [
        {
          label: 'tenant device list',
          firstScreenMs: 2400,
          filterMs: 40,
          ratio: { firstScreen: 8, filter: 0.4 },
        },
      ],
    },
    taps: [
      { name: 'open the lock dialog', ms: 150, ratio: 1.1 },
      { name: 'switch the language', ms: 90, ratio: 1.5 },
    ],
    startOfPage: { lines: 640, code: 480, files: [] },
  }
  const byName = Object.fromEntries(
    checkBudgets(budgets, results).map((check) => [check.name, check]),
  )

  it('holds LCP and performance to their budgets per route, with a route’s own override', () => {
    expect(byName['sign-in: LCP (ms)']).toMatchObject({ value: 1600, limit: '≤ 1500', ok: false })
    expect(byName['apps: LCP (ms)']).toMatchObject({ limit: '≤ 2000', ok: true })
    expect(byName['apps: performance']).toMatchObject({ limit: '≥ 98', ok: true })
  })

  it('decides TBT by its figure at the reference’s idle pace', () => {
    expect(byName['sign-in: TBT (ms)']).toMatchObject({
      value: 120,
      atIdle: 110,
      absoluteOk: false,
      ok: false,
    })
    expect(byName['apps: TBT (ms)']).toMatchObject({ atIdle: 60, absoluteOk: false, ok: true })
    // No reference measured: the absolute figure decides.
    expect(byName['start, no session: TBT (ms)']).toMatchObject({ atIdle: null, ok: false })
  })

  it('takes bare React’s idle figure of the run’s throttling', () => {
    expect(idleMainThreadMs(budgets, 'devtools')).toBe(400)
    expect(idleMainThreadMs(budgets, 'simulate')).toBe(200)
  })

  it('holds the sign-in JavaScript of `/` and `/login` alike to the stack floor, and no other route’s', () => {
    expect(byName['start, no session: sign-in JS × stack floor (gzip)']).toMatchObject({
      ok: false,
    })
    // 1.95× bare React, but 1.15× what the stack alone weighs in the same run.
    expect(byName['sign-in: sign-in JS × stack floor (gzip)']).toMatchObject({ ok: true })
    expect(byName['apps: sign-in JS × stack floor (gzip)']).toBeUndefined()
  })

  it('decides a large tenant’s first screen by its ratio to the reference list', () => {
    // 2,400 ms on a busy machine, 8× the reference's rendering there: ≤ 1500 ÷ 500 = 3 fails.
    expect(byName['tenant device list: first screen (ms)']).toMatchObject({
      value: 2400,
      ratioLimit: '≤ 3',
      ok: false,
    })
    expect(byName['tenant device list: filter keystroke (ms)']).toMatchObject({ ok: true })
  })

  it('decides the long lists by their ratios; a figure not measured breaks its budget', () => {
    // 350 ms is over 300 ms, but the list took half the reference's time (≤ 300 ÷ 500 = 0.6).
    expect(byName['device list: rendered after its answer (ms)']).toMatchObject({
      value: 350,
      ratioLimit: '≤ 0.6',
      absoluteOk: false,
      ok: true,
    })
    expect(byName['device list: filter keystroke (ms)']).toMatchObject({ value: null, ok: false })
  })

  it('decides each tap by its ratio to typing into the reference list at the same slowdown', () => {
    // 150 ms on a busy machine, 1.1× the reference there: ≤ 100 ÷ 80 = 1.25 holds.
    expect(byName['tap: open the lock dialog (ms)']).toMatchObject({
      ratioLimit: '≤ 1.25',
      ok: true,
    })
    expect(byName['tap: switch the language (ms)']).toMatchObject({ absoluteOk: true, ok: false })
  })

  it('holds the lines of the start of a page', () => {
    expect(byName['start of a page: production lines']).toMatchObject({
      value: 640,
      limit: '≤ 500',
      ok: false,
    })
  })
})

describe('loadFigures', () => {
  it('keeps requests per second, latency percentiles and failures of an autocannon result', () => {
    const result = {
      requests: { average: 1234.5, total: 6172 },
      latency: { p99: 21, p50: 7 },
      non2xx: 0,
      errors: 1,
      timeouts: 2,
    }
    expect(loadFigures(result)).toEqual({
      requestsPerSecond: 1235,
      p99Ms: 21,
      p50Ms: 7,
      requests: 6172,
      non2xx: 0,
      errors: 3,
    })
  })
})

describe('answerEnd', () => {
  const entry = (path, responseEnd) => ({ name: `http://127.0.0.1:8080${path}`, responseEnd })

  it("takes the latest answer of the list's operation that had arrived by the frame", () => {
    const entries = [
      entry('/assets/shell.js', 40),
      entry('/api/mdm/v2/device/list', 900),
      entry('/api/mdm/v2/device/list?page=2', 1100),
      entry('/api/mdm/v2/device/info', 1150),
      entry('/api/mdm/v2/device/list', 1600),
    ]
    expect(answerEnd(entries, 'device/list', 1200)).toBe(1100)
  })

  it('has none when the operation was not asked or had not answered', () => {
    expect(answerEnd([entry('/api/mdm/v2/app/list', 0)], 'app/list', 500)).toBeNull()
    expect(answerEnd([entry('/api/mdm/v2/device/list', 300)], 'app/list', 500)).toBeNull()
  })
})

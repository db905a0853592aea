import { describe, expect, it } from 'vitest'
import { pairedAtLeast, pairedAtMost, tbtAtMost } from './budgets.mjs'
import { pairedRatio, performanceAtIdle, ratioBudget, tbtAtIdle } from './pairing.mjs'

describe('pairedRatio', () => {
  it('takes the median of each pair’s ratio, not the ratio of the medians', () => {
    // The second pair ran on a busy machine: both sides slowed down together.
    const pairs = [
      { portal: { tbtMs: 60 }, reference: { mainThreadMs: 300 } },
      { portal: { tbtMs: 180 }, reference: { mainThreadMs: 900 } },
      { portal: { tbtMs: 90 }, reference: { mainThreadMs: 300 } },
    ]
    // Ratios 0.2, 0.2 and 0.3; the medians of each side would give 90 / 300 = 0.3.
    expect(pairedRatio(pairs, 'tbtMs', 'mainThreadMs')).toBeCloseTo(0.2)
  })

  it('compares a figure with the same figure of the reference unless told otherwise', () => {
    const pairs = [
      { portal: { filterMs: 40 }, reference: { filterMs: 100 } },
      { portal: { filterMs: 90 }, reference: { filterMs: 150 } },
    ]
    expect(pairedRatio(pairs, 'filterMs')).toBeCloseTo((0.4 + 0.6) / 2)
  })

  it('leaves out a pair missing a figure or whose reference figure is zero', () => {
    const pairs = [
      { portal: { tbtMs: null }, reference: { mainThreadMs: 300 } },
      { portal: { tbtMs: 30 }, reference: { mainThreadMs: 0 } },
      { portal: { tbtMs: 30 }, reference: {} },
      { portal: { tbtMs: 0 }, reference: { mainThreadMs: 300 } },
    ]
    expect(pairedRatio(pairs, 'tbtMs', 'mainThreadMs')).toBe(0)
    expect(pairedRatio(pairs.slice(0, 3), 'tbtMs', 'mainThreadMs')).toBeNull()
    expect(pairedRatio([], 'tbtMs')).toBeNull()
  })
})

describe('ratioBudget', () => {
  it('divides the absolute budget by the reference’s idle figure, to three decimals', () => {
    expect(ratioBudget(100, 335)).toBe(0.299)
    expect(ratioBudget(300, 470)).toBe(0.638)
    expect(ratioBudget(50, 100)).toBe(0.5)
  })

  it('has none without a usable idle figure', () => {
    expect(ratioBudget(100, undefined)).toBeNull()
    expect(ratioBudget(100, 0)).toBeNull()
    expect(ratioBudget(undefined, 300)).toBeNull()
  })
})

describe('pairedAtMost', () => {
  it('lets the ratio decide when the machine was busy and the absolute figure broke', () => {
    // Reference idle 335 ms: budget 100 ms → ratio ≤ 0.299.
    const check = pairedAtMost('devices: TBT (ms)', 150, 100, 0.25, 335)
    expect(check).toMatchObject({
      value: 150,
      limit: '≤ 100',
      ratio: 0.25,
      ratioLimit: '≤ 0.299',
      absoluteOk: false,
      ok: true,
    })
  })

  it('breaks on the ratio even when the absolute figure holds', () => {
    expect(pairedAtMost('x', 90, 100, 0.4, 335)).toMatchObject({ absoluteOk: true, ok: false })
  })

  it('falls back to the absolute figure without a ratio, and fails what was not measured', () => {
    expect(pairedAtMost('x', 90, 100, null, 335)).toMatchObject({ ratio: null, ok: true })
    expect(pairedAtMost('x', 120, 100, undefined, undefined)).toMatchObject({ ok: false })
    expect(pairedAtMost('x', null, 100, 0.1, 335)).toMatchObject({ ok: false })
  })
})

describe('tbtAtIdle', () => {
  // FCP at 1,000 ms, TTI at 3,000 ms, as Lighthouse reports them for the run; bare React's page
  // in the same pair took `referenceMs` of main-thread work.
  const pair = (longTasks, referenceMs) => ({
    portal: { longTasks, fcpMs: 1000, interactiveMs: 3000 },
    reference: { mainThreadMs: referenceMs },
  })

  it('is Lighthouse’s TBT when the reference ran at its idle pace', () => {
    // Lighthouse: each task blocks for what it lasts beyond 50 ms, between FCP and TTI.
    const tasks = [
      { startTime: 1200, duration: 130 },
      { startTime: 2000, duration: 60 },
    ]
    expect(tbtAtIdle(pair(tasks, 300), 300)).toBe(80 + 10)
  })

  it('shortens each task by the reference’s slowdown before the 50 ms are taken off', () => {
    // The reference took twice its idle 300 ms. The 130 ms task was 65 ms at idle pace (15 ms
    // blocking); the 90 ms one 45 ms (none). Halving the TBT itself would say (80 + 40) / 2 = 60.
    const tasks = [
      { startTime: 1200, duration: 130 },
      { startTime: 2000, duration: 90 },
    ]
    expect(tbtAtIdle(pair(tasks, 600), 300)).toBe(15)
  })

  it('counts a task only between FCP and TTI, as Lighthouse does', () => {
    const tasks = [
      { startTime: 900, duration: 200 }, // 100 ms of it after FCP: 50 blocking
      { startTime: 2950, duration: 150 }, // 50 ms of it before TTI: none
      { startTime: 200, duration: 400 }, // over before FCP
    ]
    expect(tbtAtIdle(pair(tasks, 300), 300)).toBe(50)
  })

  it('never lengthens a task when the reference ran faster than its idle figure', () => {
    expect(tbtAtIdle(pair([{ startTime: 1200, duration: 130 }], 150), 300)).toBe(80)
  })

  it('has none when a figure is missing', () => {
    expect(tbtAtIdle(pair([], 300), 300)).toBe(0)
    const run = pair([], 300)
    expect(tbtAtIdle({ ...run, portal: { fcpMs: 1000, interactiveMs: 3000 } }, 300)).toBeNull()
    expect(tbtAtIdle({ ...run, portal: { ...run.portal, interactiveMs: null } }, 300)).toBeNull()
    expect(tbtAtIdle(pair([], 0), 300)).toBeNull()
    expect(tbtAtIdle(run, undefined)).toBeNull()
  })
})

describe('performanceAtIdle', () => {
  // Lighthouse 12's mobile curve for TBT and its weight in the performance score.
  const tbtPart = {
    performanceScore: 0.95,
    weight: 0.3,
    score: 0.8,
    scoring: { p10: 200, median: 600 },
  }
  // One long task from FCP on: it blocks `blockingMs` at the run's pace.
  const pair = (blockingMs, mainThreadMs) => ({
    portal: {
      tbtPart,
      fcpMs: 1000,
      interactiveMs: 5000,
      longTasks: [{ startTime: 1000, duration: blockingMs + 50 }],
    },
    reference: { mainThreadMs },
  })

  it('scores the run again with its TBT at the reference’s idle pace, on Lighthouse’s curve', () => {
    // The reference took twice its idle 300 ms: the 290 ms task was 145 ms, so 95 ms of TBT,
    // which Lighthouse scores 0.97; 0.95 + 0.3 × (0.97 − 0.8) = 1.001, at most 100.
    expect(performanceAtIdle(pair(240, 600), 300)).toBe(100)
    // On an idle machine nothing moves but the curve's rounding: 0.95 + 0.3 × (0.8 − 0.8).
    const same = performanceAtIdle(pair(240, 300), 300, () => 0.8)
    expect(same).toBe(95)
  })

  it('uses the scoring curve it is given, with the TBT at idle pace', () => {
    const seen = []
    const score = (scoring, tbt) => {
      seen.push([scoring, tbt])
      return 0.5
    }
    // The 450 ms task at half speed was 225 ms: 175 ms of TBT. 0.95 + 0.3 × (0.5 − 0.8) = 0.86.
    expect(performanceAtIdle(pair(400, 600), 300, score)).toBe(86)
    expect(seen).toEqual([[{ p10: 200, median: 600 }, 175]])
  })

  it('has none when a figure is missing', () => {
    expect(performanceAtIdle(pair(100, 0), 300)).toBeNull()
    expect(performanceAtIdle(pair(100, 600), undefined)).toBeNull()
    const noPart = pair(100, 600)
    delete noPart.portal.tbtPart
    expect(performanceAtIdle(noPart, 300)).toBeNull()
  })
})

describe('pairedAtLeast', () => {
  it('decides the performance score by its figure at idle TBT when there is one', () => {
    expect(pairedAtLeast('devices: performance', 96, 98, 99)).toMatchObject({
      value: 96,
      atIdle: 99,
      absoluteOk: false,
      ok: true,
    })
    expect(pairedAtLeast('devices: performance', 99, 98, 97)).toMatchObject({ ok: false })
    expect(pairedAtLeast('devices: performance', 99, 98, null)).toMatchObject({ ok: true })
  })
})

describe('tbtAtMost', () => {
  it('decides TBT by its figure at the reference’s idle pace when there is one', () => {
    expect(tbtAtMost('devices: TBT (ms)', 240, 100, 60)).toMatchObject({
      value: 240,
      atIdle: 60,
      absoluteOk: false,
      ok: true,
    })
    expect(tbtAtMost('devices: TBT (ms)', 90, 100, 120)).toMatchObject({
      absoluteOk: true,
      ok: false,
    })
    expect(tbtAtMost('devices: TBT (ms)', 90, 100, null)).toMatchObject({ atIdle: null, ok: true })
    expect(tbtAtMost('devices: TBT (ms)', null, 100, 20)).toMatchObject({ ok: false })
  })
})

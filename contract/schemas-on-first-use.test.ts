import { describe, expect, it, vi } from 'vitest'

/**
 * The wire schemas load with the portal's first page: loading them builds none (zod sets each
 * schema up in full when it is made), and each is built the first time it parses, once.
 * Every call into zod is counted here, by name.
 */
const calls = vi.hoisted(() => [] as string[])
vi.mock('./zod', async (importOriginal) => {
  const { z } = await importOriginal<typeof import('./zod')>()
  const counted = new Proxy(z, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver)
      if (typeof value !== 'function' || typeof name !== 'string') return value
      return (...args: unknown[]) => {
        calls.push(name)
        return (value as (...args: unknown[]) => unknown)(...args)
      }
    },
  })
  return { z: counted }
})

/** Calls that read with a schema already built (a list's items are read one by one). */
const builds = () => calls.filter((name) => name !== 'safeParse')

const device = { clientid: 'a', lastcontact: '/Date(1608564096937)/' }
const answer = { success: true, data: [device], totalcount: 1 }

describe('the wire schemas', () => {
  it('build nothing as they load', async () => {
    await import('./schemas')
    expect(calls.length).toBeGreaterThan(0)
    expect(calls.filter((name) => name !== 'lazy')).toEqual([])
  })

  it('are built the first time they parse, and only then', async () => {
    const { deviceListResultSchema, userInfoResultSchema } = await import('./schemas')
    calls.length = 0
    const first = deviceListResultSchema.parse(answer)
    expect(first.data[0]?.lastcontact).toEqual(new Date(1608564096937))
    const built = [...calls]
    expect(built).toContain('object')
    expect(built).toContain('extend')

    calls.length = 0
    expect(deviceListResultSchema.parse(answer)).toEqual(first)
    expect(builds()).toEqual([])

    // Another answer shares the envelope, built once already: only its own member is new.
    userInfoResultSchema.parse({ success: true, userinfo: { sid: 's', email: 'a@example.com' } })
    expect(calls.filter((name) => name === 'object')).toHaveLength(1)
  })
})

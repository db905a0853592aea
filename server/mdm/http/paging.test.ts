import { describe, expect, it } from 'vitest'
import { deviceListResultSchema } from '../../../contract/schemas.ts'
import { expectFailure, expectSuccess, sharedApi, startApi, TestWorld } from '../test-client.ts'

/**
 * Spec, Conventions: "pagecount, pageindex, totalcount | integer | Present in list responses
 * (app list, device list, user list)." Open questions: "Paging request parameters for the list
 * endpoints: not shown (only the response fields pagecount, pageindex, totalcount appear)."
 * api-facts.md: "`pageindex` is 1-based (`1` in every example), `pagecount` and `totalcount`
 * follow. No request fields for paging are documented; every example returns everything on
 * page 1." Our choice (docs/operating.md, Paging): with a page size the request's optional `pageindex` picks a page.
 */

const api = sharedApi()

const ids = (answer: { json: Record<string, unknown> }) =>
  deviceListResultSchema.parse(answer.json).data.map((device) => device.clientid)

describe('list paging', () => {
  it('answers everything on page 1 without a page size, as every example of the spec does', async () => {
    const world = api.world()
    const token = await world.login('anna')
    const answer = await world.call('device/list', { token })
    expect(answer.json).toMatchObject({ pageindex: 1, pagecount: 1, totalcount: 3 })
    expect(ids(answer)).toHaveLength(3)
    expectSuccess(await world.call('device/list', { token, pageindex: 1 }))
    expectFailure(await world.call('device/list', { token, pageindex: 2 }), 'invalidField')
  })

  it('pages device/list with a page size: 1-based pageindex, pagecount and totalcount', async () => {
    const world = api.world()
    await world.control('settings', { pageSize: 2 })
    const token = await world.login('anna')
    const first = await world.call('device/list', { token })
    expect(first.json).toMatchObject({ pageindex: 1, pagecount: 2, totalcount: 3 })
    const second = await world.call('device/list', { token, pageindex: 2 })
    expectSuccess(second)
    expect(second.json).toMatchObject({ pageindex: 2, pagecount: 2, totalcount: 3 })
    const all = [...ids(first), ...ids(second)]
    expect(all).toHaveLength(3)
    expect(new Set(all).size).toBe(3)
    expect(all).toEqual(
      ids(await world.call('device/list', { token, pageindex: 1 })).concat(ids(second)),
    )
  })

  it('pages the filtered list, and an empty list still has one page', async () => {
    const world = api.world()
    await world.control('settings', { pageSize: 2 })
    const token = await world.login('anna')
    const none = await world.call('device/list', {
      token,
      filter: { lastcontact: { to: '2000-01-01T00:00:00Z' } },
    })
    expectSuccess(none)
    expect(none.json).toMatchObject({ data: [], pageindex: 1, pagecount: 1, totalcount: 0 })
  })

  it('pages app/list and user/list the same way', async () => {
    const world = api.world()
    await world.control('settings', { pageSize: 4 })
    const token = await world.login('anna')
    const apps = await world.call('app/list', { token, pageindex: 3 })
    expect(apps.json).toMatchObject({ pageindex: 3, pagecount: 3, totalcount: 9 })
    expect(apps.json.data).toHaveLength(1)
    const admin = await world.login('admin')
    await world.control('settings', { pageSize: 2 })
    const users = await world.call('user/list', { token: admin, pageindex: 2 })
    expect(users.json).toMatchObject({ pageindex: 2, pagecount: 2, totalcount: 3 })
    expect(users.json.data).toHaveLength(1)
  })

  it('answers a pageindex out of range or of the wrong kind like any invalid field', async () => {
    const world = api.world()
    await world.control('settings', { pageSize: 2 })
    const token = await world.login('anna')
    expect(
      expectFailure(await world.call('device/list', { token, pageindex: 3 }), 'invalidField'),
    ).toBe('The field "pageindex" has an invalid value.')
    expectFailure(await world.call('device/list', { token, pageindex: 0 }), 'invalidField')
    expectFailure(await world.call('app/list', { token, pageindex: 1.5 }), 'invalidField')
    expect(
      expectFailure(await world.call('app/list', { token, pageindex: 'two' }), 'invalidField'),
    ).toBe('The field "pageindex" must be a number.')
  })

  it('takes the page size from the options (MDM_PAGE_SIZE)', async () => {
    const paged = await startApi({ pageSize: 1 })
    const world = new TestWorld(paged)
    const token = await world.login('anna')
    expect((await world.call('device/list', { token })).json).toMatchObject({
      pageindex: 1,
      pagecount: 3,
      totalcount: 3,
    })
    await paged.close()
  })
})

describe('large demo of a size', () => {
  // Builds and reads 5,000 devices twice: seconds of work, more on a busy machine.
  it(
    'gives Anna 5,000 devices and 2,000 apps, the same every time',
    { timeout: 60_000 },
    async () => {
      const large = await startApi({ largeDemo: { devices: 5000, apps: 2000 } })
      const world = new TestWorld(large)
      const token = await world.login('anna')
      const devices = await world.devices(token)
      expect(devices).toHaveLength(5000)
      expect(devices.at(-1)?.displayname).toMatch(/ 4999$/)
      expect(await world.apps(token)).toHaveLength(2000)
      const again = new TestWorld(large)
      const same = await again.devices(await again.login('anna'))
      expect(same.map((device) => device.clientid)).toEqual(
        devices.map((device) => device.clientid),
      )
      await large.close()
    },
  )

  it('grows one test world to a size on request, leaving the others as they are', async () => {
    const world = api.world()
    const other = api.world()
    await world.control('large-demo', { devices: 1200, apps: 400 })
    expect(await world.devices(await world.login('anna'))).toHaveLength(1200)
    expect(await world.apps(await world.login('anna'))).toHaveLength(400)
    expect(await other.devices(await other.login('anna'))).toHaveLength(3)
  })
})

import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { appInfoResultSchema } from '../../../contract/schemas.ts'
import { DEVICE_IDS } from '../demo/demo-ids.ts'
import { DE, expectFailure, expectSuccess, sharedApi } from '../test-client.ts'

const api = sharedApi()

const { annaIphone, annaPixel, annaMac, benGalaxy } = DEVICE_IDS
const ADMIN_KEY = { authorization: 'Api-Key demo-api-key' }

const anna = () => api.signedIn('anna')

describe('app list and info', () => {
  it('a user gets the apps assigned to them, across platforms and app types', async () => {
    const { world, token } = await anna()
    const answer = await world.call('app/list', { token })
    expect(answer.json).toMatchObject({ pageindex: 1, pagecount: 1, totalcount: 9 })
    const apps = await world.apps(token)
    expect(new Set(apps.map((entry) => entry.platform))).toEqual(new Set(['Apple', 'Android']))
    expect(new Set(apps.map((entry) => entry.apptype))).toEqual(new Set(['AU', 'EA', 'MU']))
    expect(apps.some((entry) => entry.mandatory) && apps.some((entry) => !entry.mandatory)).toBe(
      true,
    )
    // Without a device no action is offered.
    expect(
      apps.every((entry) => !entry.actions?.install?.visible && !entry.actions?.uninstall?.visible),
    ).toBe(true)
  })

  it('with clientid, status, compatibility and actions are those of that device', async () => {
    const { world, token } = await anna()
    const byId = new Map((await world.apps(token, annaIphone)).map((entry) => [entry.id, entry]))
    expect(byId.get('EA12')).toMatchObject({
      status: 3,
      compatibletodevice: true,
      actions: {
        install: { visible: false },
        uninstall: { visible: true },
        update: { visible: true },
      },
    })
    expect(byId.get('AU8')).toMatchObject({
      status: 1,
      statusdetails: 'WaitingForDeviceReply',
      actions: { install: { visible: false } },
    })
    expect(byId.get('MU3')).toMatchObject({
      status: 0,
      statusdetails: null,
      actions: { install: { visible: true }, uninstall: { visible: false } },
    })
    expect(byId.get('AU14')).toMatchObject({
      devicetype: 'Tablet',
      compatibletodevice: false,
      actions: { install: { visible: false } },
    })
    expect(byId.get('AU15')).toMatchObject({ platform: 'Android', compatibletodevice: false })
    // The same app on another device has a status of its own.
    const onPixel = new Map((await world.apps(token, annaPixel)).map((entry) => [entry.id, entry]))
    expect(onPixel.get('EA20')).toMatchObject({
      status: 2,
      compatibletodevice: true,
      actions: { install: { visible: true } },
    })
    expect(onPixel.get('EA12')).toMatchObject({ status: 0, compatibletodevice: false })
    expectFailure(
      await world.call('app/list', { token, clientid: benGalaxy }),
      'deviceNotFound',
      404,
    )
  })

  it('an administrator gets all apps of the tenant', async () => {
    const world = api.world()
    const answer = await world.call('app/list', {}, ADMIN_KEY)
    expect(answer.json.totalcount).toBe(10)
    const lab = await world.call(
      'app/list',
      { mtcid: 'lab' },
      { authorization: 'Api-Key ops-api-key' },
    )
    expect(lab.json.data).toEqual([
      expect.objectContaining({ id: 'AU40', displayname: 'Lab Monitor' }),
    ])
  })

  it('info answers one app; an unknown or unassigned id is not found', async () => {
    const { world, token } = await anna()
    const info = await world.call('app/info', { token, id: 'EA21', clientid: annaMac })
    expect(appInfoResultSchema.parse(info.json).data).toMatchObject({
      id: 'EA21',
      devicetype: 'Desktop',
      status: 3,
      compatibletodevice: true,
    })
    expectFailure(await world.call('app/info', { token, id: 'AU30' }), 'appNotFound', 404)
    const ben = await world.login('ben')
    expect(
      expectFailure(
        await world.call('app/info', { token: ben, id: 'AU8' }, DE),
        'appNotFound',
        404,
      ),
    ).toBe('Die App wurde nicht gefunden.')
  })
})

describe('app images', () => {
  it('are real 128×128 PNG icons with a colour of their own, by POST or by GET with ?json=', async () => {
    const { world, token } = await anna()
    const post = await world.call('app/image', { token, id: 'EA12' })
    expect(post.status).toBe(200)
    expect(post.contentType).toBe('image/png')
    const json = encodeURIComponent(JSON.stringify({ token, id: 'AU8' }))
    const get = await world.inject({ method: 'GET', url: `/api/mdm/v2/app/image?json=${json}` })
    expect(get.contentType).toBe('image/png')
    const decode = async (id: string) => {
      const response = await api.server().inject({
        method: 'POST',
        url: '/api/mdm/v2/app/image',
        payload: { token, id },
        headers: { 'x-mdm-world': world.id },
      })
      return PNG.sync.read(response.rawPayload)
    }
    const mail = await decode('EA12')
    const chat = await decode('AU8')
    expect([mail.width, mail.height]).toEqual([128, 128])
    const centerLeft = (png: PNG) => [
      ...png.data.subarray((64 * 128 + 10) * 4, (64 * 128 + 10) * 4 + 4),
    ]
    expect(centerLeft(mail)).not.toEqual(centerLeft(chat))
    // Rounded corners are transparent.
    expect(mail.data[3]).toBe(0)
  })

  it('an app without an image answers 404; the image needs a credential', async () => {
    const { world, token } = await anna()
    expectFailure(await world.call('app/image', { token, id: 'MU3' }), 'appImageNotFound', 404)
    const json = encodeURIComponent(JSON.stringify({ id: 'EA12' }))
    expectFailure(
      await world.inject({ method: 'GET', url: `/api/mdm/v2/app/image?json=${json}` }),
      'unauthorized',
      401,
    )
    expectFailure(
      await world.inject({ method: 'GET', url: '/api/mdm/v2/app/image?json=%7Bbroken' }),
      'malformedJson',
      400,
    )
  })
})

describe('install and uninstall', () => {
  it('App rule 4: install only triggers: status 1 WaitingForDeviceReply, then 3 once the device answers', async () => {
    const { world, token } = await anna()
    expectSuccess(await world.call('app/install', { token, id: 'MU3', clientid: annaIphone }))
    const pending = await world.call('app/info', { token, id: 'MU3', clientid: annaIphone })
    expect(pending.json.data).toMatchObject({ status: 1, statusdetails: 'WaitingForDeviceReply' })
    expectSuccess(await world.call('app/install', { token, id: 'MU3', clientid: annaIphone }))
    expect(await world.control('complete')).toMatchObject({ completed: 1 })
    const done = await world.call('app/info', { token, id: 'MU3', clientid: annaIphone })
    expect(done.json.data).toMatchObject({ status: 3, statusdetails: null })
  })

  it('App rule 2 and 4: uninstall goes 1 then 0, for mandatory apps too', async () => {
    const { world, token } = await anna()
    expectSuccess(await world.call('app/uninstall', { token, id: 'EA12', clientid: annaIphone }))
    expect(
      (await world.call('app/info', { token, id: 'EA12', clientid: annaIphone })).json.data,
    ).toMatchObject({ mandatory: true, status: 1 })
    await world.control('complete')
    expect(
      (await world.call('app/info', { token, id: 'EA12', clientid: annaIphone })).json.data,
    ).toMatchObject({ status: 0 })
  })

  it('App rule 1: an app that is not compatible with the device fails with 02200021', async () => {
    const { world, token } = await anna()
    const answer = await world.call('app/install', { token, id: 'AU14', clientid: annaIphone })
    expect(expectFailure(answer, 'appNotCompatible')).toBe(
      'The app is not compatible with this device.',
    )
    expect(answer.json.errorcode).toBe('02200021')
    expectFailure(
      await world.call('app/uninstall', { token, id: 'AU15', clientid: annaIphone }),
      'appNotCompatible',
    )
  })

  it('App rule 1 and 3: an administrator installs on any device the app is assigned to, and only there', async () => {
    const world = api.world()
    expectSuccess(await world.call('app/install', { id: 'AU15', clientid: benGalaxy }, ADMIN_KEY))
    expectFailure(
      await world.call('app/install', { id: 'AU30', clientid: annaIphone }, ADMIN_KEY),
      'appNotAssigned',
    )
    expectFailure(
      await world.call('app/install', { id: 'AU17', clientid: benGalaxy }, ADMIN_KEY),
      'appNotAssigned',
    )
    expectFailure(
      await world.call('app/install', { id: 'AU15', clientid: 'unknown' }, ADMIN_KEY),
      'deviceNotFound',
      404,
    )
  })

  it('Device rule 7: request app list settles the statuses the device reports', async () => {
    const { world, token } = await anna()
    await world.call('app/install', { token, id: 'MU3', clientid: annaIphone })
    expectSuccess(await world.call('device/requestapplist', { token, clientid: annaIphone }))
    await world.control('complete')
    const apps = new Map(
      (await world.apps(token, annaIphone)).map((entry) => [entry.id, entry.status]),
    )
    expect(apps.get('AU8')).toBe(3)
    expect(apps.get('MU3')).toBe(3)
  })
})

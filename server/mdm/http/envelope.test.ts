import Fastify from 'fastify'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { DEVICE_IDS } from '../demo/demo-ids.ts'
import { configureScope } from './scope.ts'
import { DE, expectFailure, expectSuccess, sharedApi } from '../test-client.ts'

const api = sharedApi()

describe('the response envelope', () => {
  it('Convention 5: success answers carry success, errorcode, errormessage, tokenstatus and only the members that apply', async () => {
    const world = api.world()
    const token = await world.login('anna')
    const lock = await world.call('device/lockscreen', { token, clientid: DEVICE_IDS.annaIphone })
    expect(lock.json).toEqual({
      success: true,
      errorcode: null,
      errormessage: null,
      tokenstatus: null,
    })
    const info = await world.call('device/info', { token, clientid: DEVICE_IDS.annaIphone })
    expect(Object.keys(info.json).sort()).toEqual([
      'deviceinfo',
      'errorcode',
      'errormessage',
      'success',
      'tokenstatus',
    ])
    expect(info.headers['cache-control']).toBe('no-store')
  })

  it('Errors rule 1: a failure has an eight-digit errorcode and a message in English or German', async () => {
    const world = api.world()
    const token = await world.login('anna')
    const english = await world.call('device/info', { token, clientid: 'nope' })
    expect(expectFailure(english, 'deviceNotFound', 404)).toBe('The device was not found.')
    expect(english.json.errorcode).toMatch(/^\d{8}$/)
    const german = await world.call('device/info', { token, clientid: 'nope' }, DE)
    expect(expectFailure(german, 'deviceNotFound', 404)).toBe('Das Gerät wurde nicht gefunden.')
  })

  it('Convention 2: Accept-Language with the primary tag de answers in German, anything else in English', async () => {
    const world = api.world()
    const message = async (language: string) =>
      (await world.call('device/list', {}, { 'accept-language': language })).json.errormessage
    const german =
      'Anmeldung fehlgeschlagen: Senden Sie ein gültiges Zugriffstoken oder einen API-Schlüssel.'
    const english = 'Authentication failed: send a valid access token or API key.'
    expect(await message('de')).toBe(german)
    expect(await message('de-AT,en;q=0.5')).toBe(german)
    expect(await message('fr-FR, de;q=0.8, en;q=0.5')).toBe(german)
    expect(await message('en-US,en;q=0.9,de;q=0.8')).toBe(english)
    expect(await message('fr')).toBe(english)
    expect(await message('')).toBe(english)
  })

  it('Errors: 401 without a credential, 403 for the wrong kind of account, 404 for an unknown entity, 200 for other failures', async () => {
    const world = api.world()
    expectFailure(await world.call('device/list', {}), 'unauthorized', 401)
    expectFailure(await world.call('device/list', { token: 'not-a-token' }), 'unauthorized', 401)
    // "the access token was not passed or is invalid": an empty or non-string one is invalid,
    // and wins over a good API key as any token does (Authentication rule 4).
    for (const token of ['', 42, {}]) {
      expectFailure(await world.call('device/list', { token }), 'unauthorized', 401)
      expectFailure(
        await world.call('device/list', { token }, { authorization: 'Api-Key demo-api-key' }),
        'unauthorized',
        401,
      )
    }
    const token = await world.login('anna')
    expectFailure(await world.call('user/list', { token }), 'forbidden', 403)
    expectFailure(await world.call('app/info', { token, id: 'AU999' }), 'appNotFound', 404)
    expectFailure(
      await world.call('device/enablelostmode', { token, clientid: DEVICE_IDS.annaIphone }),
      'lostModeContactRequired',
      200,
    )
  })

  it('cms-dhsc: true or 1 makes every answer HTTP 200, the outcome only in the envelope', async () => {
    const world = api.world()
    expectFailure(await world.call('device/list', {}, { 'cms-dhsc': 'true' }), 'unauthorized', 200)
    const token = await world.login('anna')
    expectFailure(await world.call('user/list', { token }, { 'cms-dhsc': '1' }), 'forbidden', 200)
    expectFailure(
      await world.call('device/info', { token, clientid: 'x' }, { 'cms-dhsc': 'true' }),
      'deviceNotFound',
      200,
    )
    expectFailure(
      await world.call('device/info', { token, clientid: 'x' }, { 'cms-dhsc': 'false' }),
      'deviceNotFound',
      404,
    )
  })

  it('an unknown endpoint or method answers 404 with the envelope', async () => {
    const world = api.world()
    expectFailure(await world.call('device/explode', {}), 'unknownEndpoint', 404)
    expectFailure(
      await world.inject({ method: 'GET', url: '/api/mdm/v2/device/list' }),
      'unknownEndpoint',
      404,
    )
  })

  it('Conventions 1: POST, and GET only for app image and mdmprofile; HEAD downloads nothing', async () => {
    const world = api.world()
    const token = await world.login('anna')
    const before = (await world.devices(token)).length
    const json = encodeURIComponent(JSON.stringify({ token, mdmtype: 'android' }))
    const head = await world.inject({
      method: 'HEAD',
      url: `/api/mdm/v2/user/mdmprofile?json=${json}`,
    })
    expect(head.status).toBe(404)
    await world.control('complete')
    expect(await world.devices(token)).toHaveLength(before)
  })
})

describe('bad input', () => {
  it('malformed JSON, or JSON that is not an object, fails with malformedJson', async () => {
    const world = api.world()
    const post = (payload: string) =>
      world.inject({
        method: 'POST',
        url: '/api/mdm/v2/user/login',
        payload,
        headers: { 'content-type': 'application/json' },
      })
    expectFailure(await post('{"type": "basic",'), 'malformedJson', 400)
    expectFailure(await post('[1, 2]'), 'malformedJson', 400)
    expect(
      expectFailure(
        await world.inject({
          method: 'POST',
          url: '/api/mdm/v2/user/login',
          payload: 'null',
          headers: { 'content-type': 'application/json', ...DE },
        }),
        'malformedJson',
        400,
      ),
    ).toBe('Der Inhalt der Anfrage ist kein gültiges JSON-Objekt.')
  })

  it('a body in another content type fails with wrongContentType', async () => {
    const world = api.world()
    const answer = await world.inject({
      method: 'POST',
      url: '/api/mdm/v2/user/login',
      payload: 'username=anna',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(expectFailure(answer, 'wrongContentType')).toContain('application/json')
    expectFailure(
      await world.inject({
        method: 'POST',
        url: '/api/mdm/v2/user/login',
        payload: '{}',
        headers: { 'content-type': 'text/plain' },
      }),
      'wrongContentType',
    )
  })

  it('a wrong field type or a missing required field fails naming the field, in English and German', async () => {
    const world = api.world()
    const token = await world.login('anna')
    expect(expectFailure(await world.call('app/info', { token }), 'invalidField')).toBe(
      'The field "id" is missing.',
    )
    expect(expectFailure(await world.call('app/info', { token }, DE), 'invalidField')).toBe(
      'Das Feld „id“ fehlt.',
    )
    expect(expectFailure(await world.call('app/info', { token, id: 12 }), 'invalidField')).toBe(
      'The field "id" must be a string.',
    )
    const wipe = { token, clientid: DEVICE_IDS.annaIphone, partial: 'yes' }
    expect(expectFailure(await world.call('device/wipe', wipe), 'invalidField')).toBe(
      'The field "partial" must be true or false.',
    )
    expect(expectFailure(await world.call('device/wipe', wipe, DE), 'invalidField')).toBe(
      'Das Feld „partial“ muss true oder false sein.',
    )
    expect(
      expectFailure(
        await world.call('user/mdmprofile', { token, mdmtype: 'windows' }),
        'invalidField',
      ),
    ).toBe('The field "mdmtype" must be one of: apple, android.')
    expect(
      expectFailure(
        await world.call('device/list', { token, filter: { lastcontact: { from: 'yesterday' } } }),
        'invalidField',
      ),
    ).toContain('"filter.lastcontact.from"')
  })

  it('bad input changes nothing', async () => {
    const world = api.world()
    const token = await world.login('anna')
    await world.call('device/wipe', { token, clientid: DEVICE_IDS.annaIphone, partial: 'yes' })
    await world.call('device/lockscreen', {
      token,
      clientid: DEVICE_IDS.annaIphone,
      imei: '356789104512346',
    })
    const device = await world.device(token, DEVICE_IDS.annaIphone)
    expect(device.actions.wipefull.status).toBe(0)
    expect(device.actions.wipepartial.status).toBe(0)
    expect(device.actions.lockscreen.status).toBe(0)
  })

  it('a body over 1 MB fails with bodyTooLarge and HTTP 413', async () => {
    const world = api.world()
    const answer = await world.call('user/login', { type: 'basic', username: 'x'.repeat(1 << 20) })
    expect(expectFailure(answer, 'bodyTooLarge', 413)).toBe('The request body is larger than 1 MB.')
  })

  it('booleans are accepted as JSON booleans or as the strings "true" and "false"', async () => {
    const world = api.world()
    const token = await world.login('anna')
    expect(await world.devices(token, { managed: 'true' })).toHaveLength(3)
    expect(await world.devices(token, { managed: false })).toHaveLength(0)
    expectSuccess(
      await world.call('device/wipe', { token, clientid: DEVICE_IDS.annaIphone, partial: 'true' }),
    )
    expect((await world.device(token, DEVICE_IDS.annaIphone)).actions.wipepartial.status).toBe(1)
  })

  it('a fault inside the service answers internalError with HTTP 500, logged, without any detail', async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    const server = Fastify({ logger: { level: 'error', stream } })
    await server.register(async (scope) => {
      configureScope(scope)
      scope.post('/boom', () => {
        throw new Error('secret database password in /srv/app.ts:12')
      })
    })
    const response = await server.inject({ method: 'POST', url: '/boom', payload: {} })
    await server.close()
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({
      success: false,
      errorcode: '01000099',
      errormessage: 'An internal error occurred. Please try again later.',
      tokenstatus: null,
    })
    expect(response.body).not.toContain('secret')
    expect(lines.join('')).toContain('secret database password')
  })
})

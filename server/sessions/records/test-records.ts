import type { FastifyInstance } from 'fastify'
import { z } from '../../../contract/zod.ts'
import type { Records } from './records.ts'
import type { WorldOf } from './world.ts'

const seedBody = z.object({
  count: z.number().check(z.int(), z.minimum(1), z.maximum(5_000)),
  clientid: z.string().check(z.minLength(1), z.maxLength(200)),
  ownersid: z.string().check(z.minLength(1), z.maxLength(200)),
  account: z.string().check(z.minLength(1), z.maxLength(200)),
})

/**
 * Test mode only: a device's older activity written at once in the caller's world, through the
 * store (one insert, not a request per record), for a journey that reads more records than a
 * search shows. Locks sent by `account` a minute apart, the newest an hour ago, each named by
 * its place ("Record 0" the newest); the last two of one moment, so a page may cut through it.
 */
export function testRecordRoutes(app: FastifyInstance, records: Records, worldOf: WorldOf) {
  app.post('/__test/activity-records', async (request, reply) => {
    const body = seedBody.safeParse(request.body)
    if (!body.success) return reply.code(400).send({ success: false })
    const { count, clientid, ownersid, account } = body.data
    const newest = Date.now() - 60 * 60_000
    const world = worldOf(request)
    const rows = Array.from({ length: count }, (_, index) => ({
      id: `${world}-seeded-${index}`,
      at: new Date(newest - Math.min(index, count - 2) * 60_000),
      account,
      actor: 'helpdesk' as const,
      session_id: null,
      client_id: clientid,
      device_name: `Record ${index}`,
      owner_sid: ownersid,
      action: 'lock',
      details: '{}',
      answer_status: 200,
      answer_code: null,
      outcome: 'sent' as const,
      done_at: null,
      world,
      tenant: '',
    }))
    // Each record of that moment is written after the one before it, the oldest first.
    records.store.write((db) =>
      db.insertInto('portal_activity').values(rows.toReversed()).execute(),
    )
    await records.store.queue.flush()
    return { success: true }
  })
}

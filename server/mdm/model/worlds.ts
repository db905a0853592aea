import type { FastifyRequest } from 'fastify'
import { createWorld, type WorldSeed } from '../demo/demo-world.ts'
import { invalidField } from '../http/failure.ts'
import { disposeWorld, type World } from './world.ts'

const DEFAULT_WORLD = 'default'
const MAX_WORLDS = 200
const WORLD_ID = /^[\w.:-]{1,100}$/

/**
 * The worlds of one plugin instance. In test mode the `x-mdm-world` header picks (and lazily
 * creates) a world of its own; the least recently used one goes when there are too many.
 * Outside test mode the header is ignored and everybody shares the default world.
 */
export class WorldRegistry {
  private readonly worlds = new Map<string, World>()

  constructor(
    private readonly seed: WorldSeed,
    private readonly testMode: boolean,
  ) {}

  select(request: FastifyRequest): World {
    return this.get(this.idOf(request))
  }

  /** Replaces the request's world by a fresh one from the demo data. */
  reset(request: FastifyRequest): World {
    const id = this.idOf(request)
    const old = this.worlds.get(id)
    if (old) disposeWorld(old)
    this.worlds.delete(id)
    return this.get(id)
  }

  disposeAll(): void {
    for (const world of this.worlds.values()) disposeWorld(world)
    this.worlds.clear()
  }

  private idOf(request: FastifyRequest): string {
    const header = request.headers['x-mdm-world']
    if (!this.testMode || header === undefined) return DEFAULT_WORLD
    if (typeof header !== 'string' || !WORLD_ID.test(header)) {
      throw invalidField('x-mdm-world', 'invalid')
    }
    return header
  }

  private get(id: string): World {
    let world = this.worlds.get(id)
    if (world) {
      // Map order is the recency order: move the world to the end.
      this.worlds.delete(id)
    } else {
      world = createWorld(id, this.seed)
      this.evictBeyond(MAX_WORLDS - 1)
    }
    this.worlds.set(id, world)
    return world
  }

  private evictBeyond(size: number): void {
    for (const [id, world] of this.worlds) {
      if (this.worlds.size <= size) break
      if (id === DEFAULT_WORLD) continue
      disposeWorld(world)
      this.worlds.delete(id)
    }
  }
}

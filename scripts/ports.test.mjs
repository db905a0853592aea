import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { freePorts } from './ports.mjs'

describe('freePorts', () => {
  it('answers different free ports below the range the system hands out to servers on port 0', async () => {
    const ports = (await freePorts(20)).map(Number)
    expect(new Set(ports).size).toBe(20)
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000)
      expect(port).toBeLessThan(32_768)
      const server = createServer()
      await new Promise((resolve, reject) => {
        server.once('error', reject)
        server.listen(port, '127.0.0.1', resolve)
      })
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

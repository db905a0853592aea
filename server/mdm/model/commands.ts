import { applyEffect } from './device-effects.ts'
import type { Command, CommandType, DeviceRecord } from './records.ts'
import { afterDelay, now, type World } from './world.ts'

/**
 * Commands travel to the simulated devices the way push commands do: the action shows
 * status 1 until the device answers after the world's command delay (0 = at once).
 */

export function openCommand(
  world: World,
  clientid: string,
  type: CommandType,
  appId: string | null = null,
): Command | undefined {
  for (const command of world.commands.values()) {
    if (command.clientid === clientid && command.type === type && command.appId === appId) {
      return command
    }
  }
  return undefined
}

/** Device rule 7: no new command while one of the same type is still open. */
export function issueCommand(
  world: World,
  device: DeviceRecord,
  type: CommandType,
  details: { appId?: string; password?: string } = {},
): void {
  const appId = details.appId ?? null
  if (openCommand(world, device.clientid, type, appId)) return
  const command: Command = {
    id: world.nextCommandId++,
    type,
    clientid: device.clientid,
    appId,
    password: details.password ?? null,
    timer: null,
  }
  world.commands.set(command.id, command)
  afterDelay(world, command, () => carryOut(world, command))
}

/** The device answers: the command takes effect and the device was just in contact. */
function carryOut(world: World, command: Command): void {
  if (!world.commands.delete(command.id)) return
  if (command.timer) clearTimeout(command.timer)
  const device = world.devices.get(command.clientid)
  if (!device) return
  try {
    // A device reporting its apps first carries out the app commands still open.
    if (command.type === 'requestapplist') carryOutAppCommands(world, device.clientid)
    applyEffect(world, device, command)
    if (command.type === 'wipefull' || command.type === 'wipepartial') {
      dropCommandsOf(world, device.clientid)
    }
  } catch (error) {
    world.log.error({ err: error }, 'A simulated device failed to carry out a command')
  }
  device.lastcontact = now(world)
}

function carryOutAppCommands(world: World, clientid: string): void {
  for (const command of [...world.commands.values()]) {
    const isAppCommand = command.type === 'install' || command.type === 'uninstall'
    if (isAppCommand && command.clientid === clientid) carryOut(world, command)
  }
}

/** POST /__test/complete: every device answers now. Returns how many commands were carried out. */
export function completeAll(world: World): number {
  let count = 0
  for (const command of [...world.commands.values()]) {
    if (!world.commands.has(command.id)) continue
    carryOut(world, command)
    count++
  }
  return count
}

/** A device that is wiped or no longer managed will never answer the rest. */
function dropCommandsOf(world: World, clientid: string): void {
  for (const command of [...world.commands.values()]) {
    if (command.clientid !== clientid) continue
    if (command.timer) clearTimeout(command.timer)
    world.commands.delete(command.id)
  }
}

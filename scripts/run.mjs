import { spawn } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { setPriority, tmpdir } from 'node:os'
import { join } from 'node:path'
import { root } from './env.mjs'

/**
 * Runs a command; resolves with its exit code, or with `capture` with `{ code, output }`: its
 * output (stdout and stderr in the order they came) is kept instead of printed, so commands run
 * side by side print one block each rather than interleaved lines. The output goes to a file, not
 * a pipe, so a server a test left running cannot hold the command open. `nice` lowers the
 * command's priority (and its children's) so the work others wait on gets the cores first.
 */
export function run(command, args, { capture = false, nice = 0, ...options } = {}) {
  return new Promise((resolve) => {
    const dir = capture ? mkdtempSync(join(tmpdir(), 'portal-run-')) : null
    const file = dir ? join(dir, 'output') : null
    const fd = file ? openSync(file, 'w') : null
    const child = spawn(command, args, {
      cwd: root,
      stdio: fd === null ? 'inherit' : ['ignore', fd, fd],
      ...options,
    })
    if (fd !== null) closeSync(fd)
    if (nice && child.pid) {
      try {
        setPriority(child.pid, nice)
      } catch {
        // Not allowed here: the command runs at normal priority.
      }
    }
    let settled = false
    const done = (code) => {
      if (settled) return
      settled = true
      if (!capture) return resolve(code)
      const output = readFileSync(file, 'utf8')
      rmSync(dir, { recursive: true, force: true })
      resolve({ code, output })
    }
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)))
    child.on('error', () => done(1))
  })
}

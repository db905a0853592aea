/**
 * A throw-away certificate for 127.0.0.1 and localhost in `dir`, valid for two days, for what
 * serves HTTPS in a test or a measurement: the end-to-end tests, the bench, and the server's tests
 * (through server/testing/test-support.ts). Made with openssl, or null where openssl is missing.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export function selfSignedCertificate(dir) {
  mkdirSync(dir, { recursive: true })
  const certFile = join(dir, 'cert.pem')
  const keyFile = join(dir, 'key.pem')
  try {
    // prettier-ignore
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-keyout', keyFile, '-out', certFile, '-days', '2', '-subj', '/CN=localhost',
      '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ], { stdio: 'ignore' })
  } catch {
    return null
  }
  return {
    certFile,
    keyFile,
    cert: readFileSync(certFile, 'utf8'),
    key: readFileSync(keyFile, 'utf8'),
  }
}

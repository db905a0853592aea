import Fastify, { type FastifyInstance } from 'fastify'
import { loggerOptions, RequestLog, type LogStream } from '../http/logging.ts'
import { badUrlAnswer } from '../http/request-paths.ts'
import { referenceApi, type ReferenceApiOptions } from './plugin.ts'

/**
 * The reference MDM v2 API alone (`npm run api`): the portal's logger, so tokens in `?json=`
 * and reset tokens in `?token=` are redacted from the log as they are by the portal server,
 * and the portal's answer to an undecodable URL (the envelope, never the URL repeated).
 */
export async function buildApiServer(
  options: ReferenceApiOptions,
  logLevel: string,
  logStream?: LogStream,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(logLevel, logStream),
    logController: new RequestLog(),
    frameworkErrors: badUrlAnswer,
  })
  await app.register(referenceApi, options)
  return app
}

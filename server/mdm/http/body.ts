import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ApiFailure } from './failure.ts'

/**
 * Bodies above this size are refused (HTTP 413) before they are read to the end: the portal's
 * one limit in both modes, 1 MB (docs/security.md, "Limits"); the spec names none.
 */
export const BODY_LIMIT = 1024 * 1024

/**
 * Reads every body as text, whatever its content type, so that a wrong content type or broken
 * JSON gets the service's own localized answer instead of a framework error.
 */
export function acceptAnyBodyAsText(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers()
  scope.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, body),
  )
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function parseObject(json: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    throw new ApiFailure('malformedJson')
  }
  if (!isRecord(value)) throw new ApiFailure('malformedJson')
  return value
}

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json'
}

/**
 * The request fields: the JSON body of a POST, or for GET the url-encoded JSON in the query
 * parameter `json` (app image, mdmprofile). An empty body counts as the empty object.
 */
export function readInput(request: FastifyRequest): Record<string, unknown> {
  if (request.method === 'GET' || request.method === 'HEAD') {
    const json = isRecord(request.query) ? request.query.json : undefined
    if (json === undefined) return {}
    if (typeof json !== 'string') throw new ApiFailure('malformedJson')
    return parseObject(json)
  }
  const body = typeof request.body === 'string' ? request.body : ''
  if (body.trim() === '') return {}
  if (!isJson(request.headers['content-type'])) throw new ApiFailure('wrongContentType')
  return parseObject(body)
}

import type { FastifyInstance } from 'fastify'
import { sendFailure } from './http/answer.ts'
import { appIcon } from './views/app-icons.ts'
import { registerAppRoutes } from './routes/app-routes.ts'
import { DEMO_ADMINS, DEMO_APPS, DEMO_USERS } from './demo/demo-data.ts'
import { prepareSeed } from './demo/demo-world.ts'
import { registerDeviceCommandRoutes } from './routes/device-command-routes.ts'
import { registerDeviceRoutes } from './routes/device-routes.ts'
import { ApiFailure } from './http/failure.ts'
import { identityVerifier } from './model/identity-tokens.ts'
import { registerMdmProfileRoutes } from './routes/mdm-profile-routes.ts'
import type { ReferenceApiOptions } from './options.ts'
import { registerOutboxRoutes } from './routes/outbox-routes.ts'
import { registerPasswordRoutes } from './routes/password-routes.ts'
import { configureScope } from './http/scope.ts'
import { registerTestRoutes } from './routes/test-routes.ts'
import { registerUserAuthRoutes } from './routes/user-auth-routes.ts'
import { registerUserRoutes } from './routes/user-routes.ts'
import { WorldRegistry } from './model/worlds.ts'

export type { ReferenceApiOptions } from './options.ts'

/** The demo's first employee and administrator with their passwords, as sign-in lists them. */
export function demoSignIn() {
  const [user] = DEMO_USERS
  const [admin] = DEMO_ADMINS
  if (!user?.password || !admin?.password) return null
  return {
    user: { email: user.email, password: user.password },
    admin: { email: admin.email, password: admin.password },
  }
}
export { parseLargeDemo, type LargeDemoSize } from './demo/large-demo-size.ts'

/**
 * The reference implementation of the MDM v2 API (README.md beside this file). Registered at
 * the root; everything it adds lives in scopes of its own: the API under /api/mdm/v2, the
 * outbox, and in test mode the /__test control routes.
 */
export async function referenceApi(
  app: FastifyInstance,
  options: ReferenceApiOptions,
): Promise<void> {
  const seed = await prepareSeed(options, app.log)
  const worlds = new WorldRegistry(seed, options.testMode ?? false)
  const verifier = options.identityProvider ? identityVerifier(options.identityProvider) : null
  for (const demoApp of DEMO_APPS) if (demoApp.iconColor) appIcon(demoApp.iconColor)
  app.addHook('onClose', async () => worlds.disposeAll())
  options.onTokenEnd?.((token, request) => {
    try {
      worlds.select(request).tokens.delete(token)
    } catch {
      // A request naming no valid world has no token there to forget.
    }
  })

  await app.register(
    async (api) => {
      configureScope(api)
      api.setNotFoundHandler((request, reply) =>
        sendFailure(request, reply, new ApiFailure('unknownEndpoint')),
      )
      registerAppRoutes(api, worlds)
      registerDeviceRoutes(api, worlds)
      registerDeviceCommandRoutes(api, worlds)
      registerUserAuthRoutes(api, worlds, verifier)
      registerUserRoutes(api, worlds)
      registerPasswordRoutes(api, worlds)
      registerMdmProfileRoutes(api, worlds)
    },
    { prefix: '/api/mdm/v2' },
  )

  await app.register(async (scope) => {
    configureScope(scope)
    registerOutboxRoutes(scope, worlds)
    if (options.testMode) registerTestRoutes(scope, worlds)
  })
}

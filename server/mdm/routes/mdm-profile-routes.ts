import type { FastifyInstance } from 'fastify'
import { z } from '../../../contract/zod.ts'
import { FileAnswer } from '../http/answer.ts'
import { scheduleEnrollment } from '../model/enrollments.ts'
import { ApiFailure } from '../http/failure.ts'
import { flag, optional, requiredText } from '../http/fields.ts'
import { escapeHtml, htmlDocument } from '../../shared/html.ts'
import type { Lang } from '../texts/language.ts'
import { androidProfile, appleProfile, profileFileName } from '../views/mdm-profile.ts'
import { profileVariant, type ProfileVariant } from '../model/profile-variant.ts'
import { PAGE_TEXTS } from '../texts/mdm-profile-texts.ts'
import type { UserRecord } from '../model/records.ts'
import { addRoute } from '../http/route.ts'
import type { WorldRegistry } from '../model/worlds.ts'

/**
 * user/mdmprofile (User rule 6), POST or GET with `?json=`. Apple: application/x-apple-aspen-config
 * as a .mobileconfig attachment; Android: application/json as a .json attachment; html true: a
 * web page for the device's browser whose button downloads the file through the GET form.
 * Every file handed out is installed by a simulated device that joins the user's devices.
 */

const fields = z.object({
  mdmtype: z.enum(['apple', 'android']),
  byod: optional(flag),
  mac: optional(flag),
  html: optional(flag),
  token: optional(requiredText(500)),
})

function page(lang: Lang, user: UserRecord, variant: ProfileVariant, download: string): string {
  const texts = PAGE_TEXTS[lang]
  const { title, steps } = texts.variants[variant]
  const fill = (text: string) =>
    escapeHtml(text.replace('{email}', user.email).replace('{appleid}', user.managedappleid ?? ''))
  const android = variant.startsWith('android')
  const label = android ? texts.downloadFile : texts.downloadProfile
  // Android saves the file under the service's name. Apple gets no download attribute: iOS
  // Safari offers to install a profile only when it navigates to it.
  const saveAs = android ? ` download="${escapeHtml(profileFileName(variant))}"` : ''
  return htmlDocument(
    lang,
    title,
    [
      `<h1>${escapeHtml(title)}</h1>`,
      `<p>${fill(texts.account)}</p>`,
      `<h2>${escapeHtml(texts.stepsHeading)}</h2>`,
      `<ol>${steps.map((step) => `<li>${fill(step)}</li>`).join('')}</ol>`,
      `<p><a href="${escapeHtml(download)}"${saveAs}>${escapeHtml(label)}</a></p>`,
    ].join('\n'),
  )
}

export function registerMdmProfileRoutes(scope: FastifyInstance, worlds: WorldRegistry): void {
  addRoute(scope, worlds, {
    path: '/user/mdmprofile',
    access: 'user',
    fields,
    get: true,
    handle: ({ world, caller, body, lang }) => {
      const user = caller.user
      const variant = profileVariant(body)
      if ((variant === 'ios-byod' || variant === 'macos-byod') && !user.managedappleid) {
        throw new ApiFailure('managedAppleIdRequired')
      }
      const tenant = world.tenants.get(user.tenantId)
      if (!tenant) throw new Error(`tenant ${user.tenantId} of user ${user.sid} is missing`)

      if (body.html) {
        const request = { token: body.token, mdmtype: body.mdmtype, byod: body.byod, mac: body.mac }
        // Relative, so the link works wherever the API is mounted (portal origin or proxy).
        const download = `mdmprofile?json=${encodeURIComponent(JSON.stringify(request))}`
        return new FileAnswer('text/html; charset=utf-8', page(lang, user, variant, download))
      }
      scheduleEnrollment(world, user, variant)
      if (body.mdmtype === 'android') {
        return new FileAnswer(
          'application/json; charset=utf-8',
          androidProfile(user, tenant, variant),
          profileFileName(variant),
        )
      }
      return new FileAnswer(
        'application/x-apple-aspen-config',
        appleProfile(user, tenant, variant),
        profileFileName(variant),
      )
    },
  })
}

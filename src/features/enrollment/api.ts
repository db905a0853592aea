import { apiFile, apiLink } from '@/lib/api/client'
import { useSingleFlightMutation } from '@/lib/single-flight-mutation'
import { defaultFileName, profileRequest, type Owner, type Platform } from './platform'
import { provisioningPayload } from './provisioning'
import { saveFile } from './save-file'

/**
 * Called as the profile for a choice is about to be fetched, and awaited: the wizard notes which
 * devices there are, so that it names only a device that came after.
 */
export type BeforeFetch = (platform: Platform, owner: Owner) => Promise<void>

interface SavedProfile {
  fileName: string
  contentType: string
}

/** Fetches the enrollment profile with the session and saves it as a file on this device. */
export function useProfileDownload(beforeFetch: BeforeFetch) {
  return useSingleFlightMutation({
    mutationKey: ['enrollment', 'profile'],
    mutationFn: async ({
      platform,
      owner,
    }: {
      platform: Platform
      owner: Owner
    }): Promise<SavedProfile> => {
      await beforeFetch(platform, owner)
      const file = await apiFile('user/mdmprofile', profileRequest(platform, owner))
      const fileName = file.fileName ?? defaultFileName(platform, owner, file.contentType)
      saveFile(file.blob, fileName)
      return { fileName, contentType: file.contentType }
    },
  })
}

/**
 * Opens the profile (Apple) or the enrollment web page (Android) in this browser, so the device
 * itself takes over: Safari offers to install the profile, Android leads on to the work profile
 * setup. The address is a one-time link from the portal server, never one with the token; the
 * caller goes there once it has it.
 */
export function useProfileLink(beforeFetch: BeforeFetch) {
  return useSingleFlightMutation({
    mutationKey: ['enrollment', 'link'],
    mutationFn: async ({ platform, owner }: { platform: Platform; owner: Owner }) => {
      await beforeFetch(platform, owner)
      return apiLink('user/mdmprofile', profileRequest(platform, owner, platform === 'android'))
    },
  })
}

/** The company phone's profile holds nothing a setup wizard could read. */
export class NoProvisioningError extends Error {
  constructor() {
    super('The enrollment profile holds no Android provisioning extras')
    this.name = 'NoProvisioningError'
  }
}

/**
 * The text of the QR code a new or reset Android phone scans in its setup wizard, drawn from the
 * company phone's enrollment profile. A mutation, not a query: each fetch of a profile is an
 * enrollment the service gets ready for, so it happens when the user asks for the code.
 */
export function useProvisioningCode(beforeFetch: BeforeFetch) {
  return useSingleFlightMutation({
    mutationKey: ['enrollment', 'provisioning'],
    mutationFn: async (): Promise<string> => {
      await beforeFetch('android', 'company')
      const file = await apiFile('user/mdmprofile', profileRequest('android', 'company'))
      const payload = provisioningPayload(await file.blob.text())
      if (payload === null) throw new NoProvisioningError()
      return payload
    },
  })
}

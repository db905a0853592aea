import { useMutation } from '@tanstack/react-query'
import { apiFile, apiGetUrl } from '../../lib/api/client'
import { defaultFileName, profileRequest, type Owner, type Platform } from './platform'
import { saveFile } from './save-file'

export interface SavedProfile {
  fileName: string
  contentType: string
}

/** Fetches the enrollment profile with the session and saves it as a file on this device. */
export function useProfileDownload() {
  return useMutation({
    mutationKey: ['enrollment', 'profile'],
    mutationFn: async ({
      platform,
      owner,
    }: {
      platform: Platform
      owner: Owner
    }): Promise<SavedProfile> => {
      const file = await apiFile('user/mdmprofile', profileRequest(platform, owner))
      const fileName = file.fileName ?? defaultFileName(platform, owner, file.contentType)
      saveFile(file.blob, fileName)
      return { fileName, contentType: file.contentType }
    },
  })
}

/**
 * Opens the profile (Apple) or the enrollment web page (Android) in this browser through the
 * interface's GET form, so the device itself takes over: Safari offers to install the profile,
 * Android leads on to the work profile setup. The address carries the session token, so it is
 * built only now and never put into the page.
 */
export function openProfileHere(platform: Platform, owner: Owner): void {
  window.location.assign(
    apiGetUrl('user/mdmprofile', profileRequest(platform, owner, platform === 'android')),
  )
}

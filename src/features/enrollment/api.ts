import { useMutation } from '@tanstack/react-query'
import { apiFile, apiLink } from '../../lib/api/client'
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
 * Opens the profile (Apple) or the enrollment web page (Android) in this browser, so the device
 * itself takes over: Safari offers to install the profile, Android leads on to the work profile
 * setup. The address is a one-time link from the portal server, never one with the token; the
 * caller goes there once it has it.
 */
export function useProfileLink() {
  return useMutation({
    mutationKey: ['enrollment', 'link'],
    mutationFn: ({ platform, owner }: { platform: Platform; owner: Owner }) =>
      apiLink('user/mdmprofile', profileRequest(platform, owner, platform === 'android')),
  })
}

import { loadTextParts } from '@/lib/i18n'

/**
 * The signed-in frame's route module (header, navigation, server state) with the frame's own
 * texts, fetched side by side: by both signed-in areas, and by a page not found while signed in.
 */
export async function signedInFrame() {
  const [module] = await Promise.all([import('./signed-in-area'), loadTextParts(['common.frame'])])
  return module
}

import { loadTextParts } from '@/lib/i18n'

/** What the frame loads, by its keys in Vite's manifest, for the server to preload it. */
export const FRAME = { module: '/src/app/signed-in-area.tsx', texts: ['common.frame'] } as const

/**
 * The signed-in frame's route module (header, navigation, server state) with the frame's own
 * texts, fetched side by side: by both signed-in areas, and by a page not found while signed in.
 */
export async function signedInFrame() {
  const [module] = await Promise.all([import('./signed-in-area'), loadTextParts(FRAME.texts)])
  return module
}

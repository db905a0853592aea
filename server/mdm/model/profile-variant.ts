/**
 * The kinds of enrollment profile (spec: user/mdmprofile): Apple's for iPhone and iPad or for a
 * Mac, Android's for a fully managed device or a work profile, each for a company's device or
 * for one the user owns (BYOD).
 */
export type ProfileVariant =
  'ios' | 'ios-byod' | 'macos' | 'macos-byod' | 'android-fully-managed' | 'android-work-profile'

/** The variant a profile request asks for. */
export function profileVariant(request: {
  mdmtype: 'apple' | 'android'
  byod?: boolean | undefined
  mac?: boolean | undefined
}): ProfileVariant {
  if (request.mdmtype === 'android')
    return request.byod ? 'android-work-profile' : 'android-fully-managed'
  if (request.mac) return request.byod ? 'macos-byod' : 'macos'
  return request.byod ? 'ios-byod' : 'ios'
}

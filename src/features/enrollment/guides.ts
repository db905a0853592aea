import type texts from '@locales/en/enrollment.json'
import type { Owner, Platform } from './platform'
import type { Where } from './wizard-state'

type InstallStepKey = keyof (typeof texts)['install']['steps']
type ProblemKey = keyof (typeof texts)['install']['problems']
type RequirementKey = keyof (typeof texts)['check']['items']

/** What the user needs at hand before starting, per device and owner. */
export function requirements(platform: Platform, owner: Owner): RequirementKey[] {
  const personal = owner === 'personal'
  switch (platform) {
    case 'ios':
      return ['safari', 'passcode', 'time', ...(personal ? (['privacyApple'] as const) : [])]
    case 'macos':
      return ['macAdmin', 'macBrowser', 'time', ...(personal ? (['privacyApple'] as const) : [])]
    case 'android':
      return personal
        ? ['androidVersion', 'timeAndroid', 'workProfile']
        : ['backup', 'wifi', 'timeAndroid']
  }
}

interface InstallGuide {
  /** Numbered lists, each with an optional sub-heading (Android company phones have two ways). */
  lists: { heading: 'companyNew' | 'companyInUse' | null; steps: InstallStepKey[] }[]
  problems: ProblemKey[]
}

/** What happens after the download, per device, owner and where the profile was fetched. */
export function installGuide(platform: Platform, owner: Owner, where: Where): InstallGuide {
  const personal = owner === 'personal'
  switch (platform) {
    case 'ios':
      return {
        lists: [
          {
            heading: null,
            steps: [
              where === 'this' ? 'iosAllow' : 'iosTransfer',
              'iosOpenSettings',
              ...(personal
                ? (['iosEnroll', 'iosSignIn'] as const)
                : (['iosInstall', 'iosTrust'] as const)),
              'appleDone',
            ],
          },
        ],
        problems: [
          'iosNotInSettings',
          'appleFailed',
          'iosOtherMdm',
          ...(personal ? (['appleIdSignIn'] as const) : []),
          'notArrived',
        ],
      }
    case 'macos':
      return {
        lists: [
          {
            heading: null,
            steps: [
              where === 'this' ? 'macOpenFile' : 'macTransfer',
              'macOpenSettings',
              personal ? 'macEnroll' : 'macInstall',
              'macDone',
            ],
          },
        ],
        problems: [
          'macNotShown',
          'macAdmin',
          'appleFailed',
          'macOtherMdm',
          ...(personal ? (['appleIdSignIn'] as const) : []),
          'notArrived',
        ],
      }
    case 'android':
      return personal
        ? {
            lists: [
              {
                heading: null,
                steps: ['androidOpenPage', 'androidAccept', 'androidWait', 'androidDone'],
              },
            ],
            problems: [
              'androidInterrupted',
              'androidExpired',
              'androidNoWorkProfile',
              'androidNotArrived',
            ],
          }
        : {
            lists: [
              {
                heading: 'companyNew',
                // The phone scans the code on its welcome screen: it cannot show it itself.
                steps:
                  where === 'this'
                    ? [
                        'androidShowElsewhere',
                        'androidReset',
                        'androidSixTaps',
                        'androidScanOther',
                        'androidSetup',
                      ]
                    : ['androidReset', 'androidSixTaps', 'androidScan', 'androidSetup'],
              },
              { heading: 'companyInUse', steps: ['androidOpenPage', 'androidCompanyApp'] },
            ],
            problems: [
              'androidNoScanner',
              'androidInterrupted',
              'androidExpired',
              'androidNotArrived',
            ],
          }
  }
}

import type { AppRecord } from '../model/records.ts'

/** The apps of the demo tenants; ids look like the real service's: AU8, EA12. */

const app = (fields: Omit<AppRecord, 'tenantId' | 'managed'> & Partial<AppRecord>): AppRecord => ({
  tenantId: 'demo',
  managed: fields.apptype !== 'MU',
  ...fields,
})

export const DEMO_APPS: AppRecord[] = [
  app({
    id: 'EA12',
    displayname: 'Secure Mail',
    apptype: 'EA',
    platform: 'Apple',
    devicetype: 'SmartphoneAndTablet',
    mandatory: true,
    iconColor: [21, 101, 192],
  }),
  app({
    id: 'AU8',
    displayname: 'Team Chat',
    apptype: 'AU',
    platform: 'Apple',
    devicetype: 'SmartphoneAndTablet',
    mandatory: false,
    iconColor: [106, 27, 154],
  }),
  app({
    id: 'MU3',
    displayname: 'Employee Handbook',
    apptype: 'MU',
    platform: 'Apple',
    devicetype: 'SmartphoneAndTablet',
    mandatory: false,
    iconColor: null,
  }),
  // iPad only: not compatible with Anna's iPhone.
  app({
    id: 'AU14',
    displayname: 'Sales Board for iPad',
    apptype: 'AU',
    platform: 'Apple',
    devicetype: 'Tablet',
    mandatory: false,
    iconColor: [230, 81, 0],
  }),
  app({
    id: 'EA21',
    displayname: 'Helpdesk for Mac',
    apptype: 'EA',
    platform: 'Apple',
    devicetype: 'Desktop',
    mandatory: false,
    iconColor: [0, 121, 107],
  }),
  app({
    id: 'AU15',
    displayname: 'Travel Planner',
    apptype: 'AU',
    platform: 'Android',
    devicetype: 'SmartphoneAndTablet',
    mandatory: false,
    iconColor: [46, 125, 50],
  }),
  app({
    id: 'EA20',
    displayname: 'Expense Tracker',
    apptype: 'EA',
    platform: 'Android',
    devicetype: 'SmartphoneAndTablet',
    mandatory: true,
    iconColor: [198, 40, 40],
  }),
  app({
    id: 'AU17',
    displayname: 'Office Notes',
    apptype: 'AU',
    platform: 'Android',
    devicetype: 'SmartphoneAndTablet',
    mandatory: false,
    iconColor: [249, 168, 37],
  }),
  app({
    id: 'AU16',
    displayname: 'VPN Connect',
    apptype: 'AU',
    platform: 'Android',
    devicetype: 'SmartphoneAndTablet',
    mandatory: true,
    iconColor: [55, 71, 79],
  }),
  // Assigned to nobody: an administrator cannot install it anywhere (App rule 1).
  app({
    id: 'AU30',
    displayname: 'Visitor Check-in',
    apptype: 'AU',
    platform: 'Apple',
    devicetype: 'SmartphoneAndTablet',
    mandatory: false,
    iconColor: [0, 131, 143],
  }),
  app({
    id: 'AU40',
    tenantId: 'lab',
    displayname: 'Lab Monitor',
    apptype: 'AU',
    platform: 'Android',
    devicetype: 'SmartphoneAndTablet',
    mandatory: true,
    iconColor: [93, 64, 55],
  }),
]

import { ANNA_SID, BEN_SID, LENA_SID, NEW_USER_SID } from './demo-ids.ts'
import type { AdminRecord, Tenant, UserRecord } from '../model/records.ts'

/**
 * The demo data every fresh world starts from (documented in README.md). Passwords are kept in
 * plain text here only to be hashed when the plugin starts; worlds store nothing but the hashes.
 */

export const DEMO_TENANTS: Tenant[] = [
  {
    id: 'demo',
    name: 'Demo Company',
    groupTemplates: [
      { id: 1, name: 'Standard users' },
      { id: 2, name: 'Sales' },
    ],
  },
  { id: 'lab', name: 'Demo Lab', groupTemplates: [{ id: 1, name: 'Lab users' }] },
]

type DemoAccount<R> = Omit<R, 'passwordHash' | 'appIds'> & {
  password: string | null
}

export const DEMO_ADMINS: DemoAccount<AdminRecord>[] = [
  {
    kind: 'admin',
    sid: 'e5f6a7b8-c9d0-4e1f-a2b3-c4d5e6f7a8b9',
    email: 'admin@example.com',
    password: 'Admin-Demo-1',
    apiKey: 'demo-api-key',
    firstname: 'Alex',
    lastname: 'Admin',
    displayname: 'Alex Admin',
    emailculture: 'en-US',
    tenantIds: ['demo'],
  },
  {
    kind: 'admin',
    sid: 'f0a1b2c3-d4e5-4f6a-b7c8-d9e0f1a2b3c4',
    email: 'ops@example.com',
    password: 'Ops-Demo-1',
    apiKey: 'ops-api-key',
    firstname: 'Olivia',
    lastname: 'Ops',
    displayname: 'Olivia Ops',
    emailculture: 'en-US',
    tenantIds: ['demo', 'lab'],
  },
  // The accounts of the help desk's other demo roles: to the service, administrators.
  {
    kind: 'admin',
    sid: 'a7b8c9d0-e1f2-4a3b-8c4d-5e6f7a8b9c0d',
    email: 'helpdesk@example.com',
    password: 'Helpdesk-Demo-1',
    apiKey: 'helpdesk-api-key',
    firstname: 'Hugo',
    lastname: 'Helpdesk',
    displayname: 'Hugo Helpdesk',
    emailculture: 'de-DE',
    tenantIds: ['demo'],
  },
  {
    kind: 'admin',
    sid: 'b8c9d0e1-f2a3-4b4c-9d5e-6f7a8b9c0d1e',
    email: 'auditor@example.com',
    password: 'Auditor-Demo-1',
    apiKey: 'auditor-api-key',
    firstname: 'Ava',
    lastname: 'Auditor',
    displayname: 'Ava Auditor',
    emailculture: 'en-US',
    tenantIds: ['demo'],
  },
]

type DemoUser = DemoAccount<UserRecord> & { appIds: string[] }

const user = (fields: Omit<DemoUser, 'kind' | 'displayname' | 'enabled' | 'groupTemplateId'>) => ({
  ...fields,
  kind: 'user' as const,
  displayname: `${fields.firstname} ${fields.lastname}`,
  enabled: true,
  groupTemplateId: 1,
})

export const DEMO_USERS: DemoUser[] = [
  user({
    sid: ANNA_SID,
    tenantId: 'demo',
    email: 'anna@example.com',
    password: 'Demo-Pass-1',
    firstname: 'Anna',
    lastname: 'Berger',
    phone: '+49 89 1234567',
    managedappleid: 'anna.berger@appleid.example.com',
    emailculture: 'en-US',
    appIds: ['EA12', 'AU8', 'MU3', 'AU14', 'EA21', 'AU15', 'EA20', 'AU17', 'AU16'],
  }),
  user({
    sid: BEN_SID,
    tenantId: 'demo',
    email: 'ben@example.com',
    password: 'Demo-Pass-2',
    firstname: 'Ben',
    lastname: 'Keller',
    phone: null,
    managedappleid: null,
    emailculture: 'de-DE',
    appIds: ['AU15', 'EA20'],
  }),
  // Invited by an administrator (sendemail true): no password until the invitation is used.
  user({
    sid: NEW_USER_SID,
    tenantId: 'demo',
    email: 'new@example.com',
    password: null,
    firstname: 'Nina',
    lastname: 'Neumann',
    phone: null,
    managedappleid: null,
    emailculture: 'de-DE',
    appIds: ['EA12'],
  }),
  user({
    sid: LENA_SID,
    tenantId: 'lab',
    email: 'lena@lab.example.com',
    password: 'Lab-Demo-1',
    firstname: 'Lena',
    lastname: 'Vogel',
    phone: null,
    managedappleid: null,
    emailculture: 'de-DE',
    appIds: ['AU40'],
  }),
]

export { DEMO_APPS } from './demo-apps.ts'
export { DEMO_DEVICES } from './demo-devices.ts'

import type { UserWire } from '../../../contract/schemas.ts'
import type { AdminRecord, UserRecord } from '../model/records.ts'

/** The user as the service sends it (spec: User). */
export function toUserWire(user: UserRecord): UserWire {
  return {
    sid: user.sid,
    email: user.email,
    displayname: user.displayname,
    firstname: user.firstname,
    lastname: user.lastname,
    phone: user.phone,
    managedappleid: user.managedappleid,
    enabled: user.enabled,
  }
}

/** User rule 1: an administrator's own record says enabled false. */
export function adminToUserWire(admin: AdminRecord): UserWire {
  return {
    sid: admin.sid,
    email: admin.email,
    displayname: admin.displayname,
    firstname: admin.firstname,
    lastname: admin.lastname,
    phone: null,
    managedappleid: null,
    enabled: false,
  }
}

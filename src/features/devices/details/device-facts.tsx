import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Device } from '@contract/schemas'
import { formatDateTime, formatPercent } from '@/lib/format'
import { platformOf } from '@contract/platform'
import {
  androidModeKey,
  enrollmentKey,
  mdmIdKey,
  platformKey,
} from '@/features/devices/device-labels'
import { formatDeviceStorage, usedStorage } from '@/features/devices/storage'
import { useTextContext } from '@/features/devices/audience'

/** The terms an employee may not know, each explained under its value. */
type HintedTerm =
  | 'managed'
  | 'profileRemoved'
  | 'wiped'
  | 'lostMode'
  | 'supervised'
  | 'passcodeCompliant'
  | 'roaming'
  | 'enrollment'
  | 'androidMode'

type Row = [label: string, value: ReactNode, hint?: string]

/** Rows whose value is missing are left out: only what the device record really says. */
function Facts({ rows }: { rows: (Row | null)[] }) {
  return (
    <dl className="facts">
      {rows
        .filter((row): row is Row => row !== null)
        .map(([label, value, hint]) => (
          <div key={label} className="facts__row">
            <dt>{label}</dt>
            <dd>
              {value}
              {/* A paragraph of its own: read after the value, not run into it as one phrase. */}
              {hint && <p className="field__hint facts__hint">{hint}</p>}
            </dd>
          </div>
        ))}
    </dl>
  )
}

/** Every field of the device record that has a value, formatted for the language. */
export function DeviceFacts({ device }: { device: Device }) {
  const { t } = useTranslation('devices')
  // The help desk reads of "the organisation", the owner of "your organisation".
  const context = useTextContext()
  const hint = (term: HintedTerm) => t(`facts.hints.${term}`, { context })
  const platform = platformOf(device)
  const yesNo = (value: boolean | null | undefined) =>
    value == null ? null : value ? t('facts.yes') : t('facts.no')
  const row = (label: string, value: ReactNode | null | undefined, hint?: string): Row | null =>
    value == null || value === '' ? null : [label, value, hint]

  const storage = usedStorage(device)
  const enrollment = enrollmentKey(device.enrollmenttype)
  const androidMode = androidModeKey(device)
  const mono = (value: string | null | undefined) => value && <span className="mono">{value}</span>

  return (
    <section className="page-section" aria-labelledby="device-facts-title">
      <h2 id="device-facts-title">{t('facts.title')}</h2>
      <div className="facts-groups">
        <div className="card">
          <h3>{t('facts.state')}</h3>
          <Facts
            rows={[
              row(t('facts.managed'), yesNo(device.managed), hint('managed')),
              row(
                t('facts.profileRemoved'),
                yesNo(device.mdmprofileremoved),
                hint('profileRemoved'),
              ),
              row(t('facts.wiped'), yesNo(device.wiped), hint('wiped')),
              row(t('facts.lostMode'), yesNo(device.lostmodeenabled), hint('lostMode')),
              platform === 'ios'
                ? row(t('facts.supervised'), yesNo(device.supervised), hint('supervised'))
                : null,
              row(
                t('facts.passcodeCompliant'),
                yesNo(device.passcodecompliant),
                hint('passcodeCompliant'),
              ),
              platform === 'android'
                ? row(t('facts.screenLock'), yesNo(device.passwordenabled))
                : null,
              row(t('facts.roaming'), yesNo(device.roaming), hint('roaming')),
              row(
                t('facts.battery'),
                device.batterylevel == null ? null : formatPercent(device.batterylevel),
              ),
              storage
                ? row(
                    t('facts.storage'),
                    t('storage.usedFree', {
                      used: formatDeviceStorage(storage.used),
                      total: formatDeviceStorage(storage.total),
                      free: formatDeviceStorage(storage.total - storage.used),
                    }),
                  )
                : row(t('facts.storage'), device.freestorageinfo),
              row(
                t('facts.lastContact'),
                device.lastcontact ? formatDateTime(device.lastcontact) : null,
              ),
            ]}
          />
        </div>
        <div className="card">
          <h3>{t('facts.identity')}</h3>
          <Facts
            rows={[
              row(t('facts.name'), device.displayname),
              row(t('facts.model'), device.modelname),
              row(t('facts.os'), device.osname),
              row(t('facts.platform'), t(platformKey(device))),
              row(t('facts.enrollment'), enrollment && t(enrollment), hint('enrollment')),
              row(t('facts.androidMode'), androidMode && t(androidMode), hint('androidMode')),
            ]}
          />
          {/* The owner is told once what the numbers are for; the help desk knows. */}
          {!context && <p className="field__hint facts__lead">{t('facts.hints.identifiers')}</p>}
          <Facts
            rows={[
              row(t('facts.serial'), mono(device.serialnumber)),
              row(t('facts.imei'), mono(device.imei)),
              row(t(mdmIdKey(device)), mono(device.mdmid)),
              row(t('facts.exchangeId'), mono(device.exchangeid)),
              row(t('facts.clientId'), mono(device.clientid)),
              row(t('facts.userId'), mono(device.usersid)),
            ]}
          />
        </div>
      </div>
    </section>
  )
}

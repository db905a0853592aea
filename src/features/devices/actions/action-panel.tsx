import {
  startTransition,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type RefObject,
  type ReactNode,
} from 'react'
import { useTranslation } from 'react-i18next'
import { useTextContext } from '@/features/devices/audience'
import { APP_LIST_SLOW_MS, useAppListRequest } from '@/entities/app/app-list-requests'
import { useDeviceCommand } from '@/entities/device/use-device-command'
import {
  ACTION_STATES,
  ACTION_TITLES,
  furtherCommandsOn,
  isDirect,
  type DeviceCommand,
  type DialogName,
  type DirectCommand,
} from '@/entities/device/commands'
import { deviceName } from '@/entities/device/name'
import { platformOf } from '@contract/platform'
import {
  actionStates,
  wipeChoices,
  type ActionState,
  type ReasonKey,
} from '@/features/devices/availability'
import { useNow } from '@/lib/clock'
import { useFocusHandedOn } from '@/lib/use-focus-handed-on'
import { whenIdle } from '@/lib/when-idle'
import { useHelpdeskRole } from '@/entities/user/helpdesk-role'
import { RoleNote } from '@/entities/user/role-note'
import { pendingMember, unknownCommand } from '@contract/commands'
import type { Device, DeviceActionName } from '@contract/schemas'
import { isPending } from '@/entities/device/status'
import { useQuery } from '@tanstack/react-query'
import { deviceHistoryQuery } from '@/entities/device/history'
import { isUnanswered, pendingSince } from '@/entities/device/waiting'
import { getConfig } from '@/lib/config'
import { ActionCard } from './action-card'
import { lazyPart } from '@/lib/lazy-part'

// Fetched once the page has drawn and the browser is idle (`whenIdle`), or at the first sign of
// intent (a pointer over or focus on an action's button) if that comes first: the dialog is there
// by the time its button is pressed, and starting the fetch (Vite's preload of the chunk and its
// parts) never delays the press itself, which on a touch screen follows the pointer's arrival at
// once. Once per page.
let formDialogs: Promise<typeof import('./form-dialogs')> | undefined
const loadFormDialogs = () => (formDialogs ??= import('./form-dialogs'))
const prepareDialogs = () => void loadFormDialogs().catch(() => (formDialogs = undefined))
const LockDialog = lazyPart(async () => ({ default: (await loadFormDialogs()).LockDialog }))
const LostModeDialog = lazyPart(async () => ({ default: (await loadFormDialogs()).LostModeDialog }))
const PasscodeDialog = lazyPart(async () => ({ default: (await loadFormDialogs()).PasscodeDialog }))
const WipeDialog = lazyPart(async () => ({ default: (await loadFormDialogs()).WipeDialog }))
const SimpleDialog = lazyPart(async () => ({ default: (await loadFormDialogs()).SimpleDialog }))

type OwnButton = Omit<ComponentProps<typeof ActionCard>, 'title' | 'further'>

/** The command of the page's notice, and when it was sent (this tab's clock). */
export interface SentCommand {
  action: DeviceActionName
  at: Date
}

/**
 * Whether a command the device shows pending (`member`) has waited over an hour, by when it was
 * sent: as the device's records know it (as the overview says it), else as this page sent it
 * (as its notice says it).
 */
function useUnanswered(device: Device, sent: SentCommand | null, now: number) {
  const history = useQuery(deviceHistoryQuery(device.clientid, device))
  const activity = getConfig().records ? history.data?.activity : undefined
  return (member: DeviceActionName | null) => {
    if (member === null || !isPending(device.actions[member])) return false
    const since =
      (activity && pendingSince(activity, member)) ?? (sent?.action === member ? sent.at : null)
    return since !== null && isUnanswered(since, now)
  }
}

function Card({
  device,
  state,
  open,
  run,
  sending,
  locateNews,
  sent,
}: {
  device: Device
  state: ActionState
  /** The command the page's notice tells of, if any. */
  sent: SentCommand | null
  open: (dialog: DialogName) => void
  run: (command: DirectCommand) => void
  /** The direct command on its way to the service, if any. */
  sending: DirectCommand | null
  /** What the page says about locating, shown in the Locate card. */
  locateNews: ReactNode
}) {
  const { t } = useTranslation('devices')
  const context = useTextContext()
  const platform = platformOf(device)
  const pending = state.pending
  const request = useAppListRequest(device.clientid)
  const now = useNow()
  const awaitingAppList =
    request !== null && request.answeredAt === null && now - request.askedAt < APP_LIST_SLOW_MS
  const isUnansweredMember = useUnanswered(device, sent, now)
  // The card's own button waits on its own commands (ACTION_STATES), a further button on its own.
  const unanswered = ACTION_STATES[state.kind].some(isUnansweredMember)
  const own = ((): OwnButton => {
    switch (state.kind) {
      case 'lostMode':
        return device.lostmodeenabled
          ? {
              description: t('actions.lostMode.on'),
              buttonLabel: t('actions.lostMode.turnOff'),
              pending,
              onOpen: () => open('lostModeOff'),
              onIntent: prepareDialogs,
            }
          : {
              description: t('actions.lostMode.off', { context }),
              buttonLabel: t('actions.lostMode.turnOn'),
              pending,
              onOpen: () => open('lostModeOn'),
              onIntent: prepareDialogs,
            }
      case 'locate':
        return {
          description: t('actions.locate.description'),
          buttonLabel: t('actions.locate.button'),
          pending: pending || sending === 'locate',
          onOpen: () => run('locate'),
          children: locateNews,
        }
      case 'lock':
        return {
          description: t(
            platform === 'ios'
              ? 'actions.lock.ios'
              : platform === 'macos'
                ? 'actions.lock.macos'
                : 'actions.lock.android',
            { context },
          ),
          buttonLabel: t('actions.lock.button'),
          pending,
          onOpen: () => open('lock'),
          onIntent: prepareDialogs,
        }
      case 'passcodeReset':
        return {
          description: t(
            platform === 'android'
              ? 'actions.passcodeReset.android'
              : 'actions.passcodeReset.apple',
            { context },
          ),
          buttonLabel: t('actions.passcodeReset.button'),
          pending,
          onOpen: () => open('passcodeReset'),
          onIntent: prepareDialogs,
        }
      case 'appListRefresh':
        return {
          description: t('actions.appListRefresh.description'),
          buttonLabel: t('actions.appListRefresh.button'),
          pending: sending === 'appListRefresh' || awaitingAppList,
          onOpen: () => run('appListRefresh'),
        }
      case 'wipe': {
        const modes = wipeChoices(device).map((choice) => choice.label)
        const only = modes.length === 1 ? modes[0] : undefined
        return {
          description: t(
            only === 'wipe.choice.workProfile'
              ? 'actions.wipe.workProfile'
              : only === 'wipe.choice.workData'
                ? 'actions.wipe.workData'
                : only === 'wipe.choice.everything'
                  ? 'actions.wipe.everything'
                  : 'actions.wipe.both',
            { context },
          ),
          buttonLabel: t('actions.wipe.button'),
          pending,
          danger: true,
          onOpen: () => open('wipe'),
          onIntent: prepareDialogs,
        }
      }
      default:
        return unknownCommand(state.kind)
    }
  })()
  // The card's further commands, each offered and waited for on its own.
  const further = furtherCommandsOn(state.kind).flatMap((name) => {
    const member = pendingMember(name)
    const action = member === null ? null : device.actions[member]
    const waiting = action !== null && isPending(action)
    if (action !== null && !action.visible && !waiting) return []
    return [
      {
        label: t(`actions.${name}.button` as const),
        pending: waiting || sending === name,
        unanswered: isUnansweredMember(member),
        onOpen: () => run(name),
      },
    ]
  })
  return (
    <ActionCard
      title={t(ACTION_TITLES[state.kind])}
      further={further}
      {...own}
      unanswered={own.pending && unanswered}
    />
  )
}

/**
 * The list of action cards. When it goes with the focus in it (the device wiped or left
 * management, and the button the user came back to after its dialog is gone), the focus goes to
 * `whyNone`, which says why there are no actions now.
 */
function ActionList({
  whyNone,
  ...props
}: ComponentProps<'ul'> & { whyNone: RefObject<HTMLDivElement | null> }) {
  const ref = useFocusHandedOn<HTMLUListElement>(whyNone)
  return <ul ref={ref} {...props} />
}

/** Why Locate is not possible where the Location box says it (with lost mode to turn on). */
const SAID_IN_LOCATION: ReadonlySet<string> = new Set([
  'reasons.locateNeedsLostMode',
  'reasons.locateOnceLost',
])

/**
 * The device's actions, and under them, in words, what it cannot do and why: the device's own
 * reasons, and for the help desk the actions its role leaves out.
 */
export function ActionPanel({
  device,
  dialog,
  onDialog,
  onSent,
  onFailed,
  locateNews,
  noticeSent = null,
}: {
  device: Device
  /** The dialog open now: the page holds it, so the location section can offer lost mode too. */
  dialog: DialogName | null
  onDialog: (dialog: DialogName | null) => void
  onSent: (command: DeviceCommand) => void
  /** A command started without a dialog was refused. */
  onFailed: (error: unknown, command: DirectCommand) => void
  /** What the page says about locating, for the Locate card. */
  locateNews?: ReactNode
  /** The command the page's notice tells of, and when it was sent. */
  noticeSent?: SentCommand | null
}) {
  const { t } = useTranslation('devices')
  const context = useTextContext()
  const command = useDeviceCommand(device)
  const sent = command.isPending ? command.variables?.name : undefined
  const sending = sent !== undefined && isDirect(sent) ? sent : null
  const run = (name: DirectCommand) =>
    command.send(
      { name, body: {} },
      { onSuccess: (_result, sent) => onSent(sent), onError: (error) => onFailed(error, name) },
    )
  // A dialog is mounted once it is wanted, and stays: a command on its way keeps its dialog. The
  // one asked for opens as soon as its code is there (a click before it came is not lost). The
  // others are not drawn with it: opening one renders one form.
  const [wanted, setWanted] = useState<readonly DialogName[]>([])
  if (dialog && !wanted.includes(dialog)) setWanted([...wanted, dialog])
  useEffect(() => whenIdle(prepareDialogs), [])
  // Opened as a transition: a dialog whose code has come then shows in the update its press makes.
  // Opened at once, it would first commit its boundary's empty fallback, and React holds content
  // back until 300 ms after a fallback showed (action-panel.test.tsx).
  const open = (name: DialogName) => startTransition(() => onDialog(name))
  const { may, reading } = useHelpdeskRole()
  const states = actionStates(device)
  const possible = states.filter((state) => state.available)
  // A card is the help desk action of its commands, so the role is asked by the card's name;
  // while the role is read, every card holds its place and none can be used.
  const offered = possible.filter((state) => reading || may(state.kind))
  const notForRole = possible.filter((state) => !may(state.kind)).map((state) => state.kind)
  const unavailable = states.filter((state) => !state.available)
  /** Why an action is not possible, as it is true for this person now. */
  const reasonWords = (reason: ReasonKey) => {
    if (reason !== 'reasons.locateNeedsLostMode') return reason
    // Lost mode on its way: the place is asked once it is on (the page's own locate).
    if (isPending(device.actions.enablelostmode)) return 'reasons.locateOnceLost'
    // "Turn on lost mode first" is said only to whom the role allows it.
    return !reading && !may('lostMode') ? 'reasons.locateOnlyLost' : reason
  }
  // The Location box says why no place is known, and offers lost mode where it is the way: what
  // it says is not said again here ("Locate: … Turn on lost mode first").
  const listed = unavailable.filter(
    (state) =>
      !(state.kind === 'locate' && state.reason && SAID_IN_LOCATION.has(reasonWords(state.reason))),
  )
  const deviceWide = unavailable.find(
    (state) =>
      state.reason === 'reasons.wiped' ||
      state.reason === 'reasons.unmanaged' ||
      state.reason === 'reasons.wipePending',
  )
  const props = { device, onSent, onClose: () => onDialog(null) }
  const whyNone = useRef<HTMLDivElement>(null)

  return (
    <>
      {offered.length > 0 && (
        <ActionList
          className="card-grid action-list"
          inert={reading}
          aria-busy={reading || undefined}
          whyNone={whyNone}
        >
          {offered.map((state) => (
            <Card
              key={state.kind}
              device={device}
              state={state}
              open={open}
              run={run}
              sending={sending}
              locateNews={locateNews}
              sent={noticeSent}
            />
          ))}
        </ActionList>
      )}
      <RoleNote missing={notForRole} />
      {deviceWide?.reason ? (
        <div ref={whyNone} tabIndex={-1} className="card unavailable focus-target">
          <h3>
            {t(
              deviceWide.reason === 'reasons.wipePending'
                ? 'actions.unavailableTitle'
                : 'actions.noneTitle',
            )}
          </h3>
          <p>{t(deviceWide.reason, { name: deviceName(device), context })}</p>
        </div>
      ) : (
        listed.length > 0 && (
          <div className="unavailable">
            <h3>{t('actions.unavailableTitle')}</h3>
            <ul>
              {listed.map((state) => (
                <li key={state.kind}>
                  <strong>{t(ACTION_TITLES[state.kind])}:</strong>{' '}
                  {state.reason &&
                    t(reasonWords(state.reason), { name: deviceName(device), context })}
                </li>
              ))}
            </ul>
          </div>
        )
      )}
      {/* Each in its own boundary: one wanted later does not hide another while it comes. */}
      {wanted.map((name) => (
        <Suspense key={name} fallback={null}>
          {name === 'lock' ? (
            <LockDialog {...props} open={dialog === 'lock'} />
          ) : name === 'lostModeOn' ? (
            <LostModeDialog {...props} open={dialog === 'lostModeOn'} />
          ) : name === 'passcodeReset' ? (
            <PasscodeDialog {...props} open={dialog === 'passcodeReset'} />
          ) : name === 'wipe' ? (
            <WipeDialog {...props} open={dialog === 'wipe'} />
          ) : name === 'lostModeOff' ? (
            <SimpleDialog {...props} command="lostModeOff" open={dialog === 'lostModeOff'} />
          ) : (
            unknownCommand(name)
          )}
        </Suspense>
      ))}
    </>
  )
}

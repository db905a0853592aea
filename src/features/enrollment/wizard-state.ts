import { useCallback, useMemo, type MouseEvent } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { paths } from '@/lib/paths'
import { detectPlatform, isOwner, isPlatform, type Owner, type Platform } from './platform'

/**
 * The wizard keeps its state in the address (`/enroll?platform=ios&owner=personal&step=profile`),
 * so back and forward walk through the steps, a reload keeps the place, and the QR code can carry
 * the choices to the phone.
 */
export const STEPS = ['device', 'check', 'profile', 'install'] as const
export type Step = (typeof STEPS)[number]

/** Where the wizard is open: on the device being enrolled, or on another one. */
export type Where = 'this' | 'other'

interface WizardState {
  platform: Platform | null
  owner: Owner | null
  step: Step
  /** The platform the browser runs on; null on a Windows or Linux computer. */
  detected: Platform | null
  where: Where
}

function isStep(value: unknown): value is Step {
  return typeof value === 'string' && (STEPS as readonly string[]).includes(value)
}

/** How a platform reads in the address (and in the QR code): short, as it always was. */
const ADDRESS: Record<Platform, string> = { ios: 'ios', android: 'android', macos: 'mac' }

export function readWizardState(
  params: URLSearchParams,
  detected: Platform | null = detectPlatform(),
): WizardState {
  const given = params.get('platform')
  const platform = given === ADDRESS.macos ? 'macos' : given
  const owner = params.get('owner')
  const step = params.get('step')
  const where = params.get('where')
  const chosen = isPlatform(platform) ? platform : null
  const complete = chosen !== null && isOwner(owner)
  return {
    platform: chosen,
    owner: isOwner(owner) ? owner : null,
    // A later step makes sense only once both choices are made.
    step: complete && isStep(step) ? step : 'device',
    detected,
    where: where === 'this' || where === 'other' ? where : chosen === detected ? 'this' : 'other',
  }
}

/** The wizard's address with these choices, without the step: what the QR code opens. */
export function wizardPath(platform: Platform, owner: Owner): string {
  return `${paths.enroll()}?${new URLSearchParams({ platform: ADDRESS[platform], owner }).toString()}`
}

export interface StepChanges {
  platform?: Platform
  owner?: Owner
  where?: Where
}

/** The search part of the address of a step, keeping the choices already made. */
export function stepSearch(
  state: Pick<WizardState, 'platform' | 'owner'>,
  params: URLSearchParams,
  step: Step,
  changes: StepChanges = {},
): string {
  const next = new URLSearchParams()
  const platform = changes.platform ?? state.platform
  const owner = changes.owner ?? state.owner
  if (platform) next.set('platform', ADDRESS[platform])
  if (owner) next.set('owner', owner)
  next.set('step', step)
  // A changed device also forgets where the page is open, so detection decides again.
  const where = changes.where ?? (changes.platform ? null : params.get('where'))
  if (where) next.set('where', where)
  return `?${next.toString()}`
}

/**
 * What a step's history entry remembers: the step of the entry before it, when the wizard itself
 * went on from there. The wizard's Back is then the browser's Back; without it (the wizard opened
 * on a later step, from the QR code or a bookmark), Back replaces the step, so that the browser's
 * Back still leaves for the page before the wizard.
 */
interface StepEntry {
  wizardFrom: Step
}

/** A link to an earlier step: the progress list's, the check step's "Change". */
export interface StepLink {
  to: { search: string }
  replace: true
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void
}

function cameFrom(entryState: unknown): Step | null {
  if (typeof entryState !== 'object' || entryState === null || !('wizardFrom' in entryState))
    return null
  return isStep(entryState.wizardFrom) ? entryState.wizardFrom : null
}

export function useWizardState() {
  const [params] = useSearchParams()
  const { state: entryState } = useLocation()
  const navigate = useNavigate()
  const state = useMemo(() => readWizardState(params), [params])

  /**
   * Resolves once the address shows the step, so a caller can leave the page after it. A new
   * entry remembers the step it came from; a replaced one keeps what its entry remembered, as the
   * entry before it stays the same.
   */
  const go = useCallback(
    async (step: Step, changes: StepChanges = {}, options: { replace?: boolean } = {}) => {
      const remembered: unknown = options.replace
        ? entryState
        : ({ wizardFrom: state.step } satisfies StepEntry)
      await navigate(
        { search: stepSearch(state, params, step, changes) },
        { replace: options.replace, state: remembered },
      )
    },
    [entryState, navigate, params, state],
  )

  /** The wizard's Back: the browser's Back when the entry before is that step, else in place. */
  const back = useCallback(
    async (step: Step) => {
      if (cameFrom(entryState) === step) await navigate(-1)
      else await go(step, {}, { replace: true })
    },
    [entryState, go, navigate],
  )

  /**
   * A link to an earlier step goes as the wizard's Back does, in place of the step left, so the
   * browser's Back afterwards goes on backwards rather than forward again to that step. Opened in
   * a new tab, it is the step's address.
   */
  const linkTo = useCallback(
    (step: Step): StepLink => ({
      to: { search: stepSearch(state, params, step) },
      replace: true,
      onClick: (event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
          return
        event.preventDefault()
        void back(step)
      },
    }),
    [back, params, state],
  )

  return { ...state, go, back, linkTo }
}

import { useWindowVirtualizer, type Range, type VirtualItem } from '@tanstack/react-virtual'
import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type ReactNode,
} from 'react'
import { useLocation, useNavigationType } from 'react-router'
import { columnCount, rowCount, rowOf, rowSpan, rowsToRender, spacerHeight } from './grid-rows'

/** Lists longer than this render only the rows on screen; shorter ones render whole. */
export const WINDOW_FROM = 60

/**
 * What the `<li>` of an item spreads onto itself when the list is virtualised: where it stands in
 * the whole list for screen readers ("3 of 5,000"), and what the list measures and tracks.
 */
export interface ItemPosition {
  'aria-posinset'?: number
  'aria-setsize'?: number
  'data-item'?: number
  'data-index'?: number
  ref?: (element: HTMLLIElement | null) => void
}

interface Layout {
  columns: number
  gap: number
  /** The list's top on the page (the virtualizer's scroll margin). */
  top: number
}

interface Memory {
  offset: number
  layout: Layout
  snapshot: VirtualItem[]
}

/** Scroll positions and row heights by history entry, so Back returns to the same place. */
const memories = new Map<string, Memory>()

function remember(
  memoryId: string,
  layout: Layout,
  offset: number,
  virtualizer: { takeSnapshot: () => VirtualItem[] },
) {
  memories.set(memoryId, { offset, layout, snapshot: virtualizer.takeSnapshot() })
}

type ListProps = Omit<ComponentPropsWithoutRef<'ul'>, 'children'>

interface WindowListProps<T> extends ListProps {
  items: readonly T[]
  /** Renders one `<li>` with its key, spreading the position onto it. */
  renderItem: (item: T, position: ItemPosition) => ReactNode
  /** A row's height before it is measured, in px (the gap below it included). */
  estimateRowHeight: number
  /** Tells lists on one screen apart in the scroll memory. */
  memoryKey: string
}

/**
 * A list of cards laid out by the CSS grid of `className`. Long lists render only the rows near
 * the window's view (the page scrolls, not the list), with spacers for the rest; the column
 * count is the one the browser laid out. The row that holds the focus stays rendered (on its own,
 * however far the view has moved), items say where they stand in the whole list, and Back to
 * this history entry restores the scroll position with the rows' measured heights.
 */
export function WindowList<T>({ items, renderItem, ...props }: WindowListProps<T>) {
  if (items.length <= WINDOW_FROM) {
    const { estimateRowHeight: _height, memoryKey: _key, ...rest } = props
    return <ul {...rest}>{items.map((item) => renderItem(item, {}))}</ul>
  }
  return <VirtualRows items={items} renderItem={renderItem} {...props} />
}

function VirtualRows<T>({
  items,
  renderItem,
  estimateRowHeight,
  memoryKey,
  style,
  ...rest
}: WindowListProps<T>) {
  const list = useRef<HTMLUListElement>(null)
  const location = useLocation()
  const navigationType = useNavigationType()
  const memoryId = `${location.key}:${memoryKey}`
  // Only Back and Forward return to a remembered place; a link opens the list at its top.
  const [restored] = useState(() => (navigationType === 'POP' ? memories.get(memoryId) : undefined))
  const [layout, setLayout] = useState<Layout>(restored?.layout ?? { columns: 1, gap: 0, top: 0 })
  // Until the grid is measured (before the first paint), no row is rendered: rows guessed with
  // one column at the top of the page would be made only to be thrown away.
  const [measured, setMeasured] = useState(restored !== undefined)
  const [focusedRow, setFocusedRow] = useState<number | null>(null)
  const rows = rowCount(items.length, layout.columns)

  const extract = useCallback(
    (range: Range) =>
      measured
        ? rowsToRender(
            Math.max(0, range.startIndex - range.overscan),
            Math.min(range.count - 1, range.endIndex + range.overscan),
            focusedRow !== null && focusedRow < range.count ? focusedRow : null,
          )
        : [],
    [focusedRow, measured],
  )
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => estimateRowHeight,
    overscan: 3,
    gap: layout.gap,
    scrollMargin: layout.top,
    rangeExtractor: extract,
    initialOffset: restored?.offset,
    initialMeasurementsCache: restored?.snapshot,
    // Back draws the rows in view in its first render, not only once the window is measured in
    // an effect: the page's focus then finds the link of the card that was opened, and goes
    // back to it rather than to the top of the page.
    initialRect: restored ? { width: window.innerWidth, height: window.innerHeight } : undefined,
  })

  // The grid's columns, gap and place on the page, measured now and whenever its width changes.
  useLayoutEffect(() => {
    const element = list.current
    if (!element) return
    const measure = () => {
      const computed = getComputedStyle(element)
      const next = {
        columns: columnCount(computed.gridTemplateColumns),
        gap: Number.parseFloat(computed.rowGap) || 0,
        top: element.getBoundingClientRect().top + window.scrollY,
      }
      setLayout((old) =>
        old.columns === next.columns && old.gap === next.gap && old.top === next.top ? old : next,
      )
      setMeasured(true)
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  // The focused card's row stays rendered when it scrolls away, so the focus is never lost.
  const columns = layout.columns
  useLayoutEffect(() => {
    const element = list.current
    if (!element) return
    const focusIn = (event: FocusEvent) => {
      const target = event.target instanceof Element ? event.target.closest('[data-item]') : null
      const index = Number(target?.getAttribute('data-item'))
      setFocusedRow(target && Number.isInteger(index) ? rowOf(index, columns) : null)
    }
    const focusOut = (event: FocusEvent) => {
      const next = event.relatedTarget
      if (!(next instanceof Node) || !element.contains(next)) setFocusedRow(null)
    }
    element.addEventListener('focusin', focusIn)
    element.addEventListener('focusout', focusOut)
    return () => {
      element.removeEventListener('focusin', focusIn)
      element.removeEventListener('focusout', focusOut)
    }
  }, [columns])

  useLayoutEffect(() => {
    if (restored) window.scrollTo({ top: restored.offset })
  }, [restored])

  // The window's own scroll position, kept as it changes: when the list goes, the next screen
  // may already have moved it.
  const scrolled = useRef(restored?.offset ?? 0)
  useLayoutEffect(() => {
    const keep = () => {
      scrolled.current = window.scrollY
    }
    keep()
    window.addEventListener('scroll', keep, { passive: true })
    return () => window.removeEventListener('scroll', keep)
  }, [])

  // The place is kept for the history entry the list leaves: when the list goes, and when a new
  // entry is pushed while it stays. An entry replaced (each keystroke of a search kept in the
  // address) cannot be returned to, so a long list is not measured again for it.
  const shown = useRef({ memoryId, layout })
  useLayoutEffect(() => {
    const left = shown.current
    shown.current = { memoryId, layout }
    if (left.memoryId !== memoryId && navigationType !== 'REPLACE') {
      remember(left.memoryId, left.layout, scrolled.current, virtualizer)
    }
  })
  useLayoutEffect(
    () => () => {
      // Read when the list goes: the entry and layout of its last render.
      const { memoryId: last, layout: lastLayout } = shown.current
      remember(last, lastLayout, scrolled.current, virtualizer)
    },
    [virtualizer],
  )

  const virtualRows = virtualizer.getVirtualItems()
  const first = virtualRows[0]
  const last = virtualRows.at(-1)
  const before = first ? first.start - layout.top : 0
  const after = last
    ? Math.max(0, virtualizer.getTotalSize() - (last.end - layout.top))
    : virtualizer.getTotalSize()

  // The browser's scroll anchoring would move the view when rows come and go above it; the
  // virtualizer keeps the place itself.
  return (
    <ul
      ref={list}
      {...rest}
      style={{ ...style, paddingTop: before, paddingBottom: after, overflowAnchor: 'none' }}
    >
      {virtualRows.flatMap((row, place) => {
        const [from, to] = rowSpan(row.index, layout.columns, items.length)
        const previous = virtualRows[place - 1]
        // A focused row far from the view stands apart: a spacer keeps the rows between.
        const spacer =
          previous && previous.index !== row.index - 1 ? (
            <li
              key={`spacer-${row.index}`}
              aria-hidden="true"
              style={{
                gridColumn: '1 / -1',
                height: spacerHeight(previous.end, row.start, layout.gap),
              }}
            />
          ) : null
        const cards = items.slice(from, to).map((item, offset) =>
          renderItem(item, {
            'aria-posinset': from + offset + 1,
            'aria-setsize': items.length,
            'data-item': from + offset,
            // A grid row is as tall as its tallest card: its first card measures the row.
            ...(offset === 0 ? { 'data-index': row.index, ref: virtualizer.measureElement } : {}),
          }),
        )
        return spacer ? [spacer, ...cards] : cards
      })}
    </ul>
  )
}

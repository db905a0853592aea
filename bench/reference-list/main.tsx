/**
 * The reference of the bench's long-list timings: bare React 19 with no code of ours doing what
 * a long list does. It reads an answer of 5,000 devices (JSON), sorts them by name
 * (`Intl.Collator`), shows their count and the first 100, and filters them as a search box is
 * typed. The page stamps `window.__benchReference.renderMs`: from the answer's text until the
 * frame that shows the list. The bench runs it in the same browser right after each run of the
 * portal's lists, so a busy machine slows both alike.
 */
import { StrictMode, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'

interface Row {
  clientid: string
  name: string
  model: string
}

const COUNT = 5000
const SHOWN = 100
const MODELS = ['iPhone 15', 'iPad Air', 'Pixel 8', 'Galaxy S24', 'MacBook Air']
const answer = JSON.stringify(
  Array.from({ length: COUNT }, (_, index) => ({
    clientid: `device-${index}`,
    name: `Device ${(index * 7919) % COUNT}`,
    model: MODELS[index % MODELS.length],
  })),
)

declare global {
  interface Window {
    __benchReference?: { renderMs: number }
  }
}

/** Stamps the frame after the first commit has painted. */
function usePaintedOnce(start: number) {
  useEffect(() => {
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        window.__benchReference = { renderMs: performance.now() - start }
      }),
    )
  }, [start])
}

function List({ rows, start }: { rows: Row[]; start: number }) {
  const [query, setQuery] = useState('')
  usePaintedOnce(start)
  const needle = query.trim().toLowerCase()
  const matches = needle
    ? rows.filter((row) => `${row.name} ${row.model}`.toLowerCase().includes(needle))
    : rows
  return (
    <main>
      <h1>Reference list</h1>
      <input
        type="search"
        aria-label="Search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <p role="status">{matches.length.toLocaleString('en')} devices</p>
      <ul>
        {matches.slice(0, SHOWN).map((row) => (
          <li key={row.clientid}>
            <a href={`/devices/${row.clientid}`}>{row.name}</a> <span>{row.model}</span>
          </li>
        ))}
      </ul>
    </main>
  )
}

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element.')

const start = performance.now()
const collator = new Intl.Collator('en', { numeric: true })
const rows = (JSON.parse(answer) as Row[]).sort((a, b) => collator.compare(a.name, b.name))
createRoot(root).render(
  <StrictMode>
    <List rows={rows} start={start} />
  </StrictMode>,
)

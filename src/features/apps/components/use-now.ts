import { useEffect, useState } from 'react'

/** The current time, renewed every `intervalMs`, so relative times ("2 minutes ago") stay true. */
export function useNow(intervalMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}

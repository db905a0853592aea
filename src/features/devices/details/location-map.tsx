import 'leaflet/dist/leaflet.css'
import {
  control,
  divIcon,
  map as leafletMap,
  marker,
  tileLayer,
  type Map,
  type Marker,
} from 'leaflet'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { MapTiles } from '@/lib/config'
import './location-map.css'

const ZOOM = 15

/** Leaflet writes the credit line as HTML; ours is the operator's plain text. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/**
 * The last position on a real map (Leaflet, loaded only with this module), marked with a pin.
 * The map takes focus: arrow keys pan, + and − zoom. `label` is the text alternative (position
 * and age), `describedBy` the hint that tells the keys; `onFail` is called when not a single
 * tile could be loaded.
 */
export function LocationMap({
  latitude,
  longitude,
  tiles,
  label,
  describedBy,
  onFail,
}: {
  latitude: number
  longitude: number
  tiles: MapTiles
  label: string
  describedBy: string
  onFail: () => void
}) {
  const { t } = useTranslation('devices')
  const container = useRef<HTMLDivElement>(null)
  const view = useRef<{ map: Map; pin: Marker } | null>(null)
  const failRef = useRef(onFail)
  const zoomIn = t('map.zoomIn')
  const zoomOut = t('map.zoomOut')
  const start = useRef<[number, number]>([latitude, longitude])

  useEffect(() => {
    failRef.current = onFail
  }, [onFail])

  useEffect(() => {
    const element = container.current
    if (!element) return
    const map = leafletMap(element, { zoomControl: false, keyboard: true }).setView(
      start.current,
      ZOOM,
    )
    map.attributionControl.setPrefix(false)
    // The page itself sends no referrer; a tile server may ask for the portal's origin.
    const layer = tileLayer(tiles.url, {
      maxZoom: 19,
      attribution: tiles.attribution ? escapeHtml(tiles.attribution) : undefined,
      referrerPolicy: 'strict-origin-when-cross-origin',
    })
    let loaded = 0
    layer.on('tileload', () => loaded++)
    // "load" comes when every tile in view has answered, with an image or an error.
    layer.on('load', () => {
      if (loaded === 0) failRef.current()
    })
    layer.addTo(map)
    const pin = marker(start.current, {
      // Leaflet places the marker with a transform; the drop turns inside it, not the marker.
      icon: divIcon({
        className: 'map-pin',
        html: '<span class="map-pin__drop"></span>',
        iconSize: [28, 28],
        iconAnchor: [14, 34],
      }),
      interactive: false,
      keyboard: false,
    }).addTo(map)
    view.current = { map, pin }
    return () => {
      view.current = null
      map.remove()
    }
  }, [tiles])

  // The zoom buttons speak the page's language, and change with it.
  useEffect(() => {
    const map = view.current?.map
    if (!map) return
    const zoom = control.zoom({ zoomInTitle: zoomIn, zoomOutTitle: zoomOut }).addTo(map)
    return () => {
      zoom.remove()
    }
  }, [tiles, zoomIn, zoomOut])

  useEffect(() => {
    const current = view.current
    if (!current) return
    current.pin.setLatLng([latitude, longitude])
    current.map.setView([latitude, longitude], current.map.getZoom())
  }, [latitude, longitude])

  return (
    <div
      ref={container}
      className="location-map__canvas"
      role="region"
      aria-label={label}
      aria-describedby={describedBy}
    />
  )
}

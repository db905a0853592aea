/** Writes an XML property list, the format of Apple configuration profiles. */
export type PlistValue = string | number | boolean | PlistValue[] | { [key: string]: PlistValue }

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

function write(value: PlistValue, indent: string): string {
  const inner = `${indent}\t`
  if (typeof value === 'string') return `${indent}<string>${escapeXml(value)}</string>`
  if (typeof value === 'boolean') return `${indent}<${value}/>`
  if (typeof value === 'number') return `${indent}<integer>${Math.trunc(value)}</integer>`
  if (Array.isArray(value)) {
    if (value.length === 0) return `${indent}<array/>`
    return [
      `${indent}<array>`,
      ...value.map((item) => write(item, inner)),
      `${indent}</array>`,
    ].join('\n')
  }
  const entries = Object.entries(value).flatMap(([key, item]) => [
    `${inner}<key>${escapeXml(key)}</key>`,
    write(item, inner),
  ])
  return [`${indent}<dict>`, ...entries, `${indent}</dict>`].join('\n')
}

export function toPlist(value: PlistValue): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    write(value, ''),
    '</plist>',
    '',
  ].join('\n')
}

import { msg } from "@lingui/core/macro";
/** The 20 named brand colours the form offers, in the order shown; one is chosen as the website's primary colour. `name` is the
 * English name (stored nowhere, tested), `label` the name in the page's language. */
export const PALETTE = [
  { name: "Red", label: msg`Red`, hex: "#EF4444" },
  { name: "Coral", label: msg`Coral`, hex: "#FF7F50" },
  { name: "Blue", label: msg`Blue`, hex: "#3B82F6" },
  { name: "Navy", label: msg`Navy`, hex: "#1E3A8A" },
  { name: "Sky Blue", label: msg`Sky Blue`, hex: "#0EA5E9" },
  { name: "Green", label: msg`Green`, hex: "#22C55E" },
  { name: "Emerald", label: msg`Emerald`, hex: "#10B981" },
  { name: "Lime", label: msg`Lime`, hex: "#84CC16" },
  { name: "Orange", label: msg`Orange`, hex: "#F97316" },
  { name: "Amber", label: msg`Amber`, hex: "#F59E0B" },
  { name: "Purple", label: msg`Purple`, hex: "#A855F7" },
  { name: "Violet", label: msg`Violet`, hex: "#8B5CF6" },
  { name: "Pink", label: msg`Pink`, hex: "#EC4899" },
  { name: "Yellow", label: msg`Yellow`, hex: "#EAB308" },
  { name: "Teal", label: msg`Teal`, hex: "#14B8A6" },
  { name: "Cyan", label: msg`Cyan`, hex: "#06B6D4" },
  { name: "Indigo", label: msg`Indigo`, hex: "#6366F1" },
  { name: "Gray", label: msg`Gray`, hex: "#6B7280" },
  { name: "Slate", label: msg`Slate`, hex: "#64748B" },
  { name: "Brown", label: msg`Brown`, hex: "#92400E" },
] as const;

export type PaletteColor = (typeof PALETTE)[number];
export const PALETTE_HEXES = PALETTE.map((color) => color.hex) as [string, ...string[]];

/** The palette colour stored as `primary_color` (its hex value), or null for anything else. */
export function paletteColor(hex: string | null | undefined): PaletteColor | null {
  if (!hex) return null;
  return PALETTE.find((color) => color.hex.toLowerCase() === hex.toLowerCase()) ?? null;
}

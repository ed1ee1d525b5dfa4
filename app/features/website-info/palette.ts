/** The spec's 20 named brand colours, in its order; one is chosen as the website's primary colour. */
export const PALETTE = [
  { name: "Red", hex: "#EF4444" },
  { name: "Coral", hex: "#FF7F50" },
  { name: "Blue", hex: "#3B82F6" },
  { name: "Navy", hex: "#1E3A8A" },
  { name: "Sky Blue", hex: "#0EA5E9" },
  { name: "Green", hex: "#22C55E" },
  { name: "Emerald", hex: "#10B981" },
  { name: "Lime", hex: "#84CC16" },
  { name: "Orange", hex: "#F97316" },
  { name: "Amber", hex: "#F59E0B" },
  { name: "Purple", hex: "#A855F7" },
  { name: "Violet", hex: "#8B5CF6" },
  { name: "Pink", hex: "#EC4899" },
  { name: "Yellow", hex: "#EAB308" },
  { name: "Teal", hex: "#14B8A6" },
  { name: "Cyan", hex: "#06B6D4" },
  { name: "Indigo", hex: "#6366F1" },
  { name: "Gray", hex: "#6B7280" },
  { name: "Slate", hex: "#64748B" },
  { name: "Brown", hex: "#92400E" },
] as const;

export type PaletteColor = (typeof PALETTE)[number];
export const PALETTE_HEXES = PALETTE.map((color) => color.hex) as [string, ...string[]];

/** The palette colour stored as `primary_color` (its hex value), or null for anything else. */
export function paletteColor(hex: string | null | undefined): PaletteColor | null {
  if (!hex) return null;
  return PALETTE.find((color) => color.hex.toLowerCase() === hex.toLowerCase()) ?? null;
}

import { useLingui } from "@lingui/react/macro";
import { paletteColor } from "../palette";

/** The chosen primary colour as a swatch with its name (or its value, if it is not a palette colour). */
export function ColorSwatch({ hex }: { hex: string | null }) {
  const { i18n } = useLingui();
  if (!hex) return null;
  const color = paletteColor(hex);
  return (
    <span className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className="inline-block size-5 rounded-full border border-slate-300"
        style={{ backgroundColor: hex }}
      />
      <span>{color ? `${i18n._(color.label)} (${color.hex})` : hex}</span>
    </span>
  );
}

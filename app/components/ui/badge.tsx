import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

const TONES = {
  gray: "bg-slate-100 text-slate-800 border-slate-200",
  green: "bg-green-100 text-green-800 border-green-200",
  red: "bg-red-100 text-red-800 border-red-200",
  yellow: "bg-yellow-100 text-yellow-900 border-yellow-200",
  blue: "bg-blue-100 text-blue-800 border-blue-200",
} as const;

export type BadgeTone = keyof typeof TONES;

export function Badge({ tone = "gray", className, ...props }: ComponentProps<"span"> & { tone?: BadgeTone }) {
  return (
    <span
      data-tone={tone}
      className={cn(
        "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold",
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}

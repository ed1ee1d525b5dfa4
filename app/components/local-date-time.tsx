import { useHydrated } from "~/lib/use-hydrated";

/**
 * A date formatted in the viewer's own time zone. The server does not know it, so the text is filled in
 * after hydration (the machine-readable value is there from the start); no hydration mismatch either way.
 */
export function LocalDateTime({ iso, options, className }: { iso: string; options: Intl.DateTimeFormatOptions; className?: string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={iso} className={className}>
      {hydrated ? new Date(iso).toLocaleString("en-US", options) : null}
    </time>
  );
}

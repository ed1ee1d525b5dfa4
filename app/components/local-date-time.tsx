import { useLingui } from "@lingui/react";
import { formatDate } from "~/lib/i18n/format";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * A date formatted in the viewer's own time zone and the page's language. The server does not know the time
 * zone, so the text is filled in after hydration (the machine-readable value is there from the start); no
 * hydration mismatch either way.
 */
export function LocalDateTime({
  iso,
  options,
  className,
}: {
  iso: string;
  options: Intl.DateTimeFormatOptions;
  className?: string;
}) {
  const hydrated = useHydrated();
  const { i18n } = useLingui();
  return (
    <time dateTime={iso} className={className}>
      {hydrated ? formatDate(iso, i18n.locale, options) : null}
    </time>
  );
}

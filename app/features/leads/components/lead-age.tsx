import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { leadAge } from "../lead-list-query";

/** How long a lead has waited ('45 min', '3 h', '2 days'), from when it arrived to when the page was loaded. */
export function LeadAge({ since, now }: { since: string; now: string }) {
  const { t } = useLingui();
  const { unit, count } = leadAge(new Date(since), new Date(now));
  const text =
    unit === "minutes"
      ? t`${plural(count, { one: "# min", other: "# min" })}`
      : unit === "hours"
        ? t`${plural(count, { one: "# h", other: "# h" })}`
        : t`${plural(count, { one: "# day", other: "# days" })}`;
  return <span className="whitespace-nowrap">{text}</span>;
}

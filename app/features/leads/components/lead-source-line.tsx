import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { leadPagePath } from "~/lib/http/paths";
import { intlLocale } from "~/lib/i18n/translate";
import type { CustomerLeadSource, LeadOrigin } from "../lead-source";

/** A lead's origin in words, after 'Source:': the advert, the referring site, or a direct visit. */
function useOriginText(): (origin: LeadOrigin) => string {
  const { t } = useLingui();
  return (origin) => {
    if (origin.kind === "direct") return t`direct visit`;
    const name = origin.name;
    return origin.kind === "advert" ? t`advert (${name})` : t`referred by ${name}`;
  };
}

/**
 * The customer page's header line: where the customer came from (their enquiry's origin and day) and its lead. It
 * wraps on a narrow screen rather than cut the link off.
 */
export function LeadSourceLine({ source }: { source: CustomerLeadSource }) {
  const { t, i18n } = useLingui();
  const originText = useOriginText();
  const origin = originText(source.origin);
  const day = new Intl.DateTimeFormat(intlLocale(i18n.locale), { dateStyle: "medium" }).format(
    new Date(source.receivedAt),
  );
  return (
    <p className="text-sm break-words text-slate-600" data-testid="customer-lead-source">
      {t`Source: ${origin}`}
      {" · "}
      {t`Enquiry of ${day}`}
      {" · "}
      <Link
        to={leadPagePath(source.leadId)}
        className="font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
      >
        {t`View the lead`}
      </Link>
    </p>
  );
}

import { href, Link } from "react-router";
import { useSiteConfig } from "~/lib/config/use-site-config";

/** `label`: the link's accessible name when the page says it in another language (the landing page in Spanish). */
export function Logo({ to = href("/"), label }: { to?: string; label?: string }) {
  const { agencyName } = useSiteConfig();
  return (
    <Link
      to={to}
      className="flex min-w-0 items-center gap-1.5 rounded-md font-bold text-slate-900 sm:gap-2"
      aria-label={label ?? `${agencyName} home`}
    >
      {/* The mark keeps its square whatever the header's buttons take (Spanish ones are longer). */}
      <span
        aria-hidden="true"
        data-testid="brand-mark"
        className="grid size-8 shrink-0 place-items-center rounded-lg bg-blue-700 text-lg text-white sm:size-9"
      >
        {agencyName.charAt(0)}
      </span>
      {/* The name wraps to a second line on a narrow screen rather than being cut. */}
      <span data-testid="brand-name" className="min-w-0 text-base leading-tight [overflow-wrap:anywhere] sm:text-lg">
        {agencyName}
      </span>
    </Link>
  );
}

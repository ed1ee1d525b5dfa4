import { Link } from "react-router";
import { useSiteConfig } from "~/lib/config/use-site-config";

/** `label`: the link's accessible name when the page says it in another language (the landing page in Spanish). */
export function Logo({ to = "/", label }: { to?: string; label?: string }) {
  const { agencyName } = useSiteConfig();
  return (
    <Link to={to} className="flex items-center gap-2 rounded-md font-bold text-slate-900" aria-label={label ?? `${agencyName} home`}>
      <span aria-hidden="true" className="grid size-9 place-items-center rounded-lg bg-blue-700 text-lg text-white">
        {agencyName.charAt(0)}
      </span>
      <span className="text-lg">{agencyName}</span>
    </Link>
  );
}

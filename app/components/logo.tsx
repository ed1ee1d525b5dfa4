import { Link } from "react-router";
import { useSiteConfig } from "~/lib/use-site-config";

export function Logo({ to = "/" }: { to?: string }) {
  const { agencyName } = useSiteConfig();
  return (
    <Link to={to} className="flex items-center gap-2 rounded-md font-bold text-slate-900" aria-label={`${agencyName} home`}>
      <span aria-hidden="true" className="grid size-9 place-items-center rounded-lg bg-blue-700 text-lg text-white">
        {agencyName.charAt(0)}
      </span>
      <span className="text-lg">{agencyName}</span>
    </Link>
  );
}

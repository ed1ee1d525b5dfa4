import { robotsTxt } from "~/features/marketing/seo";
import { siteUrlFor } from "~/lib/config/public-settings.server";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(siteUrlFor(context)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

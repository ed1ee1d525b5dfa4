import { sitemapXml } from "~/features/marketing/seo";
import { siteUrlFor } from "~/lib/config/public-settings.server";
import type { Route } from "./+types/sitemap";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(sitemapXml(siteUrlFor(context)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

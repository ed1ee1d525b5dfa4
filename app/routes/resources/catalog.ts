import { catalogScriptNamed } from "~/lib/i18n/catalogs.server";
import type { Route } from "./+types/catalog";

/** A language's compiled catalog as a script (docs/decisions/026): public, and cached for good (its name changes with it). */
export function loader({ params }: Route.LoaderArgs) {
  const body = catalogScriptNamed(params.file);
  if (body === null) throw new Response("Not found", { status: 404 });
  return new Response(body, {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=31536000, immutable" },
  });
}

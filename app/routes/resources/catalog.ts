import { acceptedEncoding } from "~/lib/http/accepted-encoding";
import { compressedOnce } from "~/lib/http/compressed-once.server";
import { catalogScriptNamed } from "~/lib/i18n/catalogs.server";
import type { Route } from "./+types/catalog";

/**
 * A language's compiled catalog as a script (docs/decisions/026): public, and cached for good (its name changes with
 * it). Sent compressed at the compressors' best, made once per process, rather than by the per-request compressor.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const body = catalogScriptNamed(params.file);
  if (body === null) throw new Response("Not found", { status: 404 });
  const headers = new Headers({
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": "public, max-age=31536000, immutable",
    Vary: "Accept-Encoding",
  });
  const encoding = acceptedEncoding(request.headers.get("Accept-Encoding"));
  if (!encoding) return new Response(body, { headers });
  headers.set("Content-Encoding", encoding);
  return new Response(new Uint8Array(await compressedOnce(params.file, body, encoding)), { headers });
}

import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The public landing page, in English (`/`) and Spanish (`/es`), is rendered once at build time
  // (build/client/index.html and _root.data, build/client/es/index.html and es.data) and served
  // from that file (app/features/marketing/prerendered-landing.server.ts). It is rendered with the build's
  // SITE_URL and SITE_* contact values; see README "Landing page".
  prerender: ["/", "/es"],
  // Every route is known to the browser from the first page (one cached manifest file, ~4 kB compressed) rather
  // than discovered as links and fetchers appear. With discovery, a fetcher loading a resource route while the
  // page revalidates for a live change was matched to the catch-all 404 route: its request asked
  // the server for routes/not-found and the page lost what it showed (docs/decisions/037).
  routeDiscovery: { mode: "initial" },
  future: {
    v8_middleware: true,
    v8_viteEnvironmentApi: true,
    v8_splitRouteModules: true,
  },
} satisfies Config;

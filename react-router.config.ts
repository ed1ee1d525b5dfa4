import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The public landing page, in English (`/`) and Spanish (`/es`), is rendered once at build time
  // (build/client/index.html and _root.data, build/client/es/index.html and es.data) and served
  // from that file (app/features/marketing/prerendered-landing.server.ts). It is rendered with the build's
  // SITE_URL and SITE_* contact values; see README "Landing page".
  prerender: ["/", "/es"],
  future: {
    v8_middleware: true,
    v8_viteEnvironmentApi: true,
    v8_splitRouteModules: true,
  },
} satisfies Config;

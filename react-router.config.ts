import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The public landing page is rendered once at build time (build/client/index.html and _root.data) and served
  // from that file (app/features/marketing/prerendered-landing.server.ts). It is rendered with the build's
  // SITE_URL and SITE_* contact values; see README "Landing page".
  prerender: ["/"],
  future: {
    v8_middleware: true,
    v8_viteEnvironmentApi: true,
    v8_splitRouteModules: true,
  },
} satisfies Config;

import { useRouteLoaderData } from "react-router";
import type { SiteConfig } from "./site-config";

/** The agency's contact values, loaded by the root route from the server's settings. */
export function useSiteConfig(): SiteConfig {
  const data = useRouteLoaderData<{ siteConfig: SiteConfig }>("root");
  if (!data) throw new Error("The root loader has not run");
  return data.siteConfig;
}

import src from "virtual:landing-page-script";

/**
 * Where the pre-rendered landing page's script is served (enhance/landing-page.ts, built by
 * landing-page-script.vite.ts): a content-hashed file under /assets, or the source file while developing.
 */
export const LANDING_PAGE_SCRIPT: string = src;

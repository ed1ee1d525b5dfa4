import type { RequestHandler } from "express";

/** Powerful browser features the site never uses, switched off for it and anything it might embed. */
const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

/**
 * Headers every response carries. The Content-Security-Policy is per page: app/entry.server.tsx sets it with
 * the render's nonce, prerendered-landing.server.ts with its scripts' hashes, the files route its sandbox.
 */
export function securityHeaders(siteUrl: string): RequestHandler {
  const https = new URL(siteUrl).protocol === "https:";
  return (_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    // Only when the site is served over https: over http the header is ignored, and localhost must stay reachable.
    if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { defaultSiteConfig } from "~/lib/config/site-config";
import { inLanguage } from "~/lib/i18n/test-i18n";
import type { Locale } from "~/lib/i18n/locales";
import { AuthCard } from "./auth-card";

function render(locale: Locale): string {
  const router = createMemoryRouter(
    [
      {
        id: "root",
        path: "/",
        loader: () => ({ siteConfig: defaultSiteConfig }),
        children: [
          {
            index: true,
            element: (
              <AuthCard title="T" description="D">
                x
              </AuthCard>
            ),
          },
        ],
      },
    ],
    { hydrationData: { loaderData: { root: { siteConfig: defaultSiteConfig } } } },
  );
  return renderToString(inLanguage(<RouterProvider router={router} />, locale));
}

describe("the sign-in pages' card", () => {
  it("links its logo to the landing page in the page's language, named in it", () => {
    expect(render("en")).toMatch(/<a [^>]*aria-label="LocalLift Digital home" href="\/"/);
    expect(render("es")).toMatch(/<a [^>]*aria-label="Inicio de LocalLift Digital" href="\/es"/);
  });
});

import { setupI18n } from "@lingui/core";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { defaultSiteConfig } from "~/lib/config/site-config";
import { messages } from "~/locales/en/messages.po";
import { landingContentFor } from "../content";

/** Tests only: the landing page's content and its components in a router whose root route has the site config. */
export const landingContent = landingContentFor(
  setupI18n({ locale: "en", messages: { en: messages } }),
  defaultSiteConfig.agencyName,
);

export function inRouter(element: ReactNode): ReactNode {
  const router = createMemoryRouter(
    [{ id: "root", path: "/", element, loader: () => ({ siteConfig: defaultSiteConfig }) }],
    {
      hydrationData: { loaderData: { root: { siteConfig: defaultSiteConfig } } },
    },
  );
  return <RouterProvider router={router} />;
}

/** The HTML React renders for `element` on the server (as in the pre-rendered page), put into a new element of the page. */
export function serverRendered(element: ReactNode): HTMLElement {
  const container = document.createElement("div");
  container.innerHTML = renderToString(inRouter(element));
  document.body.append(container);
  return container;
}

/**
 * An element's tree as comparable text: attributes sorted (a script adds an attribute at the end, React in its
 * prop order), adjacent text joined (the server separates text parts with comments), comments left out.
 */
export function canonical(node: Element): string {
  const attributes = [...node.attributes]
    .map((attribute) => `${attribute.name}="${attribute.value}"`)
    .sort()
    .join(" ");
  const children = [...node.childNodes]
    .map((child) =>
      child.nodeType === 1 ? canonical(child as Element) : child.nodeType === 3 ? child.textContent : "",
    )
    .join("");
  return `<${node.tagName.toLowerCase()} ${attributes}>${children}</${node.tagName.toLowerCase()}>`;
}

import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { Locale } from "~/lib/i18n/locales";
import { inLanguage } from "~/lib/i18n/test-i18n";
import { ErrorBoundary as UserDetailError } from "./user-detail/layout";
import { ErrorBoundary as UsersError } from "./users";

/** Renders an error boundary as the router would, inside a router (its back link needs one) and the page's language. */
function render(element: React.ReactElement, locale: Locale = "en"): string {
  const router = createMemoryRouter([{ path: "/", element: inLanguage(element, locale) }]);
  return renderToString(<RouterProvider router={router} />);
}

describe("the admin customer pages' error boundaries", () => {
  it("the list says 'Failed to load users' when its loader fails", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const html = render(<UsersError error={new Error("database down")} params={{}} loaderData={undefined} />);
    expect(html).toContain("Failed to load users");
    expect(html).not.toContain("database down");
    log.mockRestore();
  });

  it("the detail page says 'Customer not found' for a 404 and 'Failed to load data' otherwise, with a way back", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const notFound = { status: 404, statusText: "Not Found", internal: false, data: "Customer not found" };
    const missing = render(<UserDetailError error={notFound} params={{ userId: "x" }} loaderData={undefined} />);
    expect(missing).toContain("Customer not found");
    expect(missing).toContain('href="/admin/users"');
    const failed = render(
      <UserDetailError error={new Error("boom")} params={{ userId: "x" }} loaderData={undefined} />,
    );
    expect(failed).toContain("Failed to load data");
    log.mockRestore();
  });

  it("says the same in Spanish", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(render(<UsersError error={new Error("down")} params={{}} loaderData={undefined} />, "es")).toContain(
      "No se pudieron cargar los usuarios",
    );
    const notFound = { status: 404, statusText: "Not Found", internal: false, data: "Cliente no encontrado" };
    expect(
      render(<UserDetailError error={notFound} params={{ userId: "x" }} loaderData={undefined} />, "es"),
    ).toContain("Cliente no encontrado");
    log.mockRestore();
  });
});

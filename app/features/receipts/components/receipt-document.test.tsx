import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { Locale } from "~/lib/i18n/locales";
import { inLanguage } from "~/lib/i18n/test-i18n";
import { toReceiptView } from "../receipt";
import { ReceiptDocument } from "./receipt-document";

const receipt = toReceiptView(
  { id: "3f2a9c1b-77aa-4bcd-8e0f-0123456789ab", userId: "u1", serviceType: "website", paymentNumber: 2, amount: 350, paymentMethod: "card", createdAt: new Date("2026-01-02T03:04:05Z") },
  { name: "Ana", email: "ana@example.com", companyName: "Ana Co" },
  { name: "Agency", supportEmail: "help@agency.test" },
);

function render(locale: Locale): string {
  const element = <ReceiptDocument receipt={receipt} backTo="/dashboard/progress" backLabel="Volver al progreso" />;
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToString(inLanguage(<RouterProvider router={router} />, locale)).replaceAll("<!-- -->", "");
}

describe("the receipt document", () => {
  it("keeps the English labels in English", () => {
    const html = render("en");
    expect(html).toContain("Payment Receipt");
    expect(html).toContain("Website Development - Payment 2 of 2");
    expect(html).toContain(">Card<");
    expect(html).toContain("Amount paid");
  });

  it("labels, service, method and amount in Spanish on a Spanish page", () => {
    const html = render("es");
    expect(html).toContain("Recibo de pago");
    expect(html).toContain("Número de recibo");
    expect(html).toContain("Desarrollo del sitio web - Pago 2 de 2");
    expect(html).toContain(">Tarjeta<");
    expect(html).toContain("Monto pagado");
    expect(html).toContain('data-testid="receipt-amount">$350<');
    expect(html).toContain("Imprimir recibo");
    expect(html).toContain("Escriba a help@agency.test e indique el número de recibo.");
    expect(html).not.toContain("Payment Receipt");
  });
});

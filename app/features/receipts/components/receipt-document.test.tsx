import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { Locale } from "~/lib/i18n/locales";
import { inLanguage } from "~/lib/i18n/test-i18n";
import { toReceiptView, type ReceiptView } from "../receipt";
import { ReceiptDocument } from "./receipt-document";

const PAYMENT = {
  id: "3f2a9c1b-77aa-4bcd-8e0f-0123456789ab",
  userId: "u1",
  serviceType: "website",
  paymentNumber: 2,
  amount: 350,
  discount: 0,
  promotionCode: null,
  paymentMethod: "card",
  status: "completed",
  receiptNumber: 42,
  completedAt: new Date("2026-01-02T03:04:05Z"),
} as const;
const CUSTOMER = { name: "Ana", email: "ana@example.com", companyName: "Ana Co" };
const AGENCY = {
  name: "Agency",
  supportEmail: "help@agency.test",
  address: "1 Main St\nMiami, FL 33101",
  taxId: "12-3456789",
};

const receipt = toReceiptView(PAYMENT, [], CUSTOMER, AGENCY);

function render(locale: Locale, shown: ReceiptView = receipt): string {
  const element = <ReceiptDocument receipt={shown} backTo="/dashboard/progress" backLabel="Volver al progreso" />;
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToString(inLanguage(<RouterProvider router={router} />, locale)).replaceAll("<!-- -->", "");
}

describe("the receipt document", () => {
  it("keeps the English labels in English", () => {
    const html = render("en");
    expect(html).toContain("Payment Receipt");
    expect(html).toContain('data-testid="receipt-number">R-000042<');
    expect(html).toContain("Website Development - Payment 2 of 2");
    expect(html).toContain(">Card<");
    expect(html).toContain("Amount paid");
    expect(html).toContain('data-testid="receipt-amount">$350.00<');
    expect(html).toContain("Download PDF");
    expect(html).toContain('href="/receipts/3f2a9c1b-77aa-4bcd-8e0f-0123456789ab/pdf"');
  });

  it("shows the agency's address line by line and its tax id; none when the settings leave them empty", () => {
    const html = render("en");
    expect(html).toContain('data-testid="receipt-agency-address">1 Main St\nMiami, FL 33101<');
    expect(html).toContain('data-testid="receipt-agency-tax-id">Tax ID: 12-3456789<');
    const bare = render("en", toReceiptView(PAYMENT, [], CUSTOMER, { ...AGENCY, address: "", taxId: "" }));
    expect(bare).not.toContain("receipt-agency-address");
    expect(bare).not.toContain("Tax ID");
  });

  it("with a code: the list price and the discount naming it; 'Promotion code' as the method of a free one", () => {
    const html = render(
      "en",
      toReceiptView(
        { ...PAYMENT, amount: 0, discount: 350, promotionCode: "FREEWEB", paymentMethod: "promotion" },
        [],
        CUSTOMER,
        AGENCY,
      ),
    );
    expect(html).toContain('data-testid="receipt-list-price">$350.00<');
    expect(html).toContain("Discount (FREEWEB)");
    expect(html).toContain('data-testid="receipt-discount">-$350.00<');
    expect(html).toContain('data-testid="receipt-amount">$0.00<');
    expect(html).toContain(">Promotion code<");
  });

  it("lists the completed refunds with their reason, the net and the refund status", () => {
    const refunded = toReceiptView(
      PAYMENT,
      [{ date: "2026-01-05T10:00:00.000Z", amount: 100, reason: "Late delivery" }],
      CUSTOMER,
      AGENCY,
    );
    const html = render("en", refunded);
    expect(html).toContain('data-testid="receipt-refunds"');
    expect(html).toContain("Late delivery");
    expect(html).toContain("-$100.00");
    expect(html).toContain('data-testid="receipt-net">$250.00<');
    expect(html).toContain('data-testid="receipt-status">Partially refunded<');
    expect(render("en")).not.toContain("receipt-refunds");
  });

  it("labels, service, method and amount in Spanish on a Spanish page", () => {
    const html = render("es");
    expect(html).toContain("Recibo de pago");
    expect(html).toContain("Número de recibo");
    expect(html).toContain("Desarrollo del sitio web - Pago 2 de 2");
    expect(html).toContain(">Tarjeta<");
    expect(html).toContain("Monto pagado");
    expect(html).toContain('data-testid="receipt-amount">$350.00<');
    expect(html).toContain("Imprimir recibo");
    expect(html).toContain("Descargar PDF");
    expect(html).toContain("ID fiscal: 12-3456789");
    expect(html).toContain("Escriba a help@agency.test e indique el número de recibo.");
    expect(html).not.toContain("Payment Receipt");
  });
});

import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { inLanguage } from "~/lib/i18n/test-i18n";
import type { Locale } from "~/lib/i18n/locales";
import { CardStep, MethodChoice } from "./payment-dialog";
import { PaymentGate } from "./payment-gate";

function render(element: React.ReactElement, locale: Locale = "en"): string {
  const router = createMemoryRouter([{ path: "/", element }]);
  // React separates adjacent text with comments; the test reads the text as a browser shows it.
  return renderToString(inLanguage(<RouterProvider router={router} />, locale)).replaceAll("<!-- -->", "");
}

const gate = (payment: { status: string } | null) =>
  render(
    <PaymentGate serviceType="google_business" paymentNumber={1} payment={payment} cardEnabled>
      <p>Unlocked content</p>
    </PaymentGate>,
  );

describe("PaymentGate", () => {
  it("shows the content only when the payment is completed", () => {
    const html = gate({ status: "completed" });
    expect(html).toContain("Unlocked content");
    expect(html).not.toContain("Payment required to continue");
  });

  it("asks to pay the catalog amount when there is no payment", () => {
    const html = gate(null);
    expect(html).toContain("Payment required to continue");
    expect(html).toContain("Pay $250");
    expect(html).not.toContain("Unlocked content");
  });

  it("says an administrator is reviewing a pending payment, and shows unknown statuses as pending", () => {
    for (const status of ["pending", "on-hold"]) {
      const html = gate({ status });
      expect(html).toContain("Payment Pending Review");
      expect(html).toContain("administrator is reviewing your payment and will notify you");
      expect(html).not.toContain("Pay $250");
      expect(html).not.toContain("Unlocked content");
    }
  });

  it("offers to try again after a rejection", () => {
    const html = gate({ status: "rejected" });
    expect(html).toContain("Payment Rejected");
    expect(html).toContain("Try Again");
    expect(html).not.toContain("Unlocked content");
  });
});

describe("the payment dialog's card option", () => {
  it("says card payments are not configured without a Stripe key, and offers no Continue", () => {
    const choice = render(<MethodChoice cardEnabled={false} onChoose={() => {}} />);
    expect(choice).toContain("Card payments are not configured");
    expect(choice).toContain("Zelle Transfer");
    const step = render(
      <CardStep amount="$250" cardEnabled={false} serviceType="google_business" paymentNumber={1} onBack={() => {}} />,
    );
    expect(step).toContain("Card payments are not configured. Please pay by Zelle Transfer.");
    expect(step).not.toContain("Continue");
    expect(step).toContain("Back");
  });

  it("explains the redirect and offers Continue when cards are configured", () => {
    const step = render(
      <CardStep amount="$350" cardEnabled serviceType="website" paymentNumber={2} onBack={() => {}} />,
    );
    expect(step).toContain("secure card payment page (Stripe) to pay $350");
    expect(step).toContain("Continue");
  });

  it("is in Spanish on a Spanish page", () => {
    const choice = render(<MethodChoice cardEnabled onChoose={() => {}} />, "es");
    expect(choice).toContain("Elija un método de pago");
    expect(choice).toContain("Tarjeta de crédito/débito");
    expect(choice).toContain("Transferencia Zelle");
    const step = render(<CardStep amount="$350" cardEnabled serviceType="website" paymentNumber={2} onBack={() => {}} />, "es");
    expect(step).toContain("para pagar $350 con tarjeta de crédito o débito");
    expect(step).toContain("Continuar");
    expect(step).toContain("Atrás");
    const gated = render(
      <PaymentGate serviceType="google_business" paymentNumber={1} payment={null} cardEnabled>
        <p>Unlocked content</p>
      </PaymentGate>,
      "es",
    );
    expect(gated).toContain("Se requiere un pago para continuar");
    expect(gated).toContain("Pagar $250");
  });
});

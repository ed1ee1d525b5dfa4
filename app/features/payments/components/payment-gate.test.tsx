import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { inLanguage } from "~/lib/i18n/test-i18n";
import type { Locale } from "~/lib/i18n/locales";
import { CardStep, firstPaymentStep, MethodChoice, PaymentSteps } from "./payment-dialog";
import { PaymentGate, type GatedPayment } from "./payment-gate";

const SITE = { agencyName: "LocalLift Digital", phone: "", email: "", chatUrl: "", zellePhone: "(555) 201-7788" };

function render(element: React.ReactElement, locale: Locale = "en"): string {
  // The root's site config and the portal layout's Zelle names, as the loaders give them.
  const router = createMemoryRouter(
    [
      {
        id: "root",
        path: "/",
        children: [{ id: "routes/dashboard/layout", index: true, element }],
      },
    ],
    {
      hydrationData: {
        loaderData: {
          root: { siteConfig: SITE },
          "routes/dashboard/layout": { zelle: { recipientName: "Maria Lopez LLC", payerName: "Acme Plumbing" } },
        },
      },
    },
  );
  // React separates adjacent text with comments; the test reads the text as a browser shows it.
  return renderToString(inLanguage(<RouterProvider router={router} />, locale)).replaceAll("<!-- -->", "");
}

const gate = (payment: GatedPayment["payment"]) =>
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

  it("locks the page again once the payment is refunded in full, says so and offers to pay again; a partly refunded one still opens it", () => {
    const html = gate({ status: "refunded" });
    expect(html).not.toContain("Unlocked content");
    expect(html).toContain('data-state="refunded"');
    expect(html).toContain("Payment required to continue");
    expect(html).toContain("Your payment was refunded in full, so this page is locked again.");
    expect(html).toContain("Pay $250");
    // Partly refunded, the payment stays completed.
    expect(gate({ status: "completed" })).toContain("Unlocked content");
  });

  it("offers to try again after a rejection", () => {
    const html = gate({ status: "rejected" });
    expect(html).toContain("Payment Rejected");
    expect(html).toContain("Try Again");
    expect(html).not.toContain("Unlocked content");
  });

  it("says why a Zelle payment was rejected and offers a new proof of the same transfer as well as paying again", () => {
    const html = gate({ status: "rejected", id: "p1", paymentMethod: "zelle", rejectionReason: "The photo is blurry" });
    expect(html).toContain("Reason:");
    expect(html).toContain("The photo is blurry");
    expect(html).toContain("Upload a new proof");
    expect(html).toContain("Try Again");
    // A card payment has no proof to replace.
    const card = gate({ status: "rejected", id: "p2", paymentMethod: "card", rejectionReason: null });
    expect(card).not.toContain("Upload a new proof");
    expect(card).toContain("Try Again");
  });
});

describe("the payment dialog without card payments", () => {
  const zelleOnly = (locale: Locale) =>
    render(
      <PaymentSteps
        step={firstPaymentStep(false)}
        onStep={() => {}}
        cardEnabled={false}
        serviceType="google_business"
        paymentNumber={1}
        onDone={() => {}}
      />,
      locale,
    );

  it("opens on the Zelle transfer: no method to choose, no card option, nothing to go back to", () => {
    const html = zelleOnly("en");
    expect(html).not.toContain("Choose a payment method");
    expect(html).not.toContain("Credit/Debit Card");
    expect(html).not.toContain("Card payments are not configured");
    expect(html).not.toContain("Back");
    expect(html).toContain("Maria Lopez LLC");
    expect(html).toContain("(555) 201-7788");
    expect(html).toContain("Acme Plumbing – Google Business Profile");
    expect(html).toContain('aria-label="Copy the Zelle number"');
    expect(html).toContain('aria-label="Copy the amount"');
    expect(html).toContain("Submit Proof");
    expect(firstPaymentStep(true)).toBe("choose");
  });

  it("is in Spanish on a Spanish page", () => {
    const html = zelleOnly("es");
    expect(html).toContain("Acme Plumbing – Perfil de Google Business");
    expect(html).toContain('aria-label="Copiar el monto"');
    expect(html).toContain("Destinatario");
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
    const step = render(
      <CardStep amount="$350" cardEnabled serviceType="website" paymentNumber={2} onBack={() => {}} />,
      "es",
    );
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

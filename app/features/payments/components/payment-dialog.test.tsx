import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { PaymentQuote } from "~/features/promotions/promotion-views";
import { inLanguage } from "~/lib/i18n/test-i18n";
import { PaymentSteps } from "./payment-dialog";

const SITE = { agencyName: "LocalLift Digital", phone: "", email: "", chatUrl: "", zellePhone: "(555) 201-7788" };

function render(element: React.ReactElement): string {
  // The root's site config and the portal layout's Zelle names, as the loaders give them.
  const router = createMemoryRouter(
    [{ id: "root", path: "/", children: [{ id: "routes/dashboard/layout", index: true, element }] }],
    {
      hydrationData: {
        loaderData: {
          root: { siteConfig: SITE },
          "routes/dashboard/layout": { zelle: { recipientName: "Maria Lopez LLC", payerName: "Acme Plumbing" } },
        },
      },
    },
  );
  return renderToString(inLanguage(<RouterProvider router={router} />)).replaceAll("<!-- -->", "");
}

const steps = (step: "choose" | "zelle", quote: PaymentQuote | null, cardEnabled = true) =>
  render(
    <PaymentSteps
      step={step}
      onStep={() => {}}
      cardEnabled={cardEnabled}
      serviceType="google_business"
      paymentNumber={1}
      onDone={() => {}}
      quote={quote}
      onQuote={() => {}}
    />,
  );

describe("the payment dialog without card payments", () => {
  it("says cards are not available and why the dialog opens on Zelle; with cards it says nothing of the kind", () => {
    const html = steps("zelle", null, false);
    expect(html).toContain(
      'data-testid="card-unavailable">Card payments are not available at the moment: pay by Zelle bank transfer and upload a photo of its confirmation.<',
    );
    expect(html).toContain("Submit Proof");
    expect(steps("zelle", null)).not.toContain("card-unavailable");
  });
});

describe("the payment dialog with a promotion code", () => {
  it("offers a code under the list price before anything is applied", () => {
    const html = steps("choose", null);
    expect(html).toContain('data-testid="payment-amount">$250<');
    expect(html).toContain("Have a promotion code?");
    expect(html).not.toContain("payment-list-price");
  });

  it("strikes the list price through, shows what is left and the code, and sends the code with the Zelle proof", () => {
    const quote = { listPrice: 250, discount: 50, amount: 200, promotionCode: "SPRING20" };
    const choice = steps("choose", quote);
    expect(choice).toContain('<s data-testid="payment-list-price">$250</s>');
    expect(choice).toContain('data-testid="payment-amount">$200<');
    expect(choice).toContain("SPRING20 applied: -$50");
    expect(choice).toContain("Remove code");
    expect(choice).toContain("Choose a payment method");

    const zelle = steps("zelle", quote);
    expect(zelle).toContain('data-testid="zelle-amount">$200<');
    expect(zelle).toMatch(/<input type="hidden" name="promotionCode" value="SPRING20"\/>/);
  });

  it("leaves no method to choose when the code takes the whole price off: only 'Complete payment'", () => {
    const html = steps("choose", { listPrice: 250, discount: 250, amount: 0, promotionCode: "FREE100" });
    expect(html).toContain('data-testid="payment-amount">$0<');
    expect(html).toContain("Complete payment");
    expect(html).toContain('action="/resources/payments/free"');
    expect(html).not.toContain("Choose a payment method");
    expect(html).not.toContain("Submit Proof");
  });
});

import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import { ENDPOINTS } from "./lib/http/endpoints";

export default [
  index("routes/marketing/home.tsx"),
  // The landing page in Spanish: the same module under its own id (docs/decisions/026).
  route("es", "routes/marketing/home.tsx", { id: "routes/marketing/home-es" }),
  // The legal pages, each in English and, under /es, in Spanish, as the landing page: one module, the page and
  // language read from the path (app/features/legal/legal-pages.ts).
  ...(["privacy", "terms", "refunds"] as const).flatMap((slug) => [
    route(slug, "routes/marketing/legal.tsx", { id: `routes/marketing/legal-${slug}` }),
    route(`es/${slug}`, "routes/marketing/legal.tsx", { id: `routes/marketing/legal-es-${slug}` }),
  ]),
  // The free quote form's endpoint and page, in English and Spanish, the language read from the path.
  route("quote", "routes/marketing/quote.tsx"),
  route("es/quote", "routes/marketing/quote.tsx", { id: "routes/marketing/quote-es" }),
  // A reminder e-mail's link: notes that it was opened and leads on to the page it names.
  route("reminders/:reminderId", "routes/reminders/open.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("resources/language", "routes/resources/language.ts"),
  // JSON endpoints under the URLs the card provider and the payment dialog were given.
  route(ENDPOINTS.cardCheckout.slice(1), "routes/resources/card-checkout.ts"),
  route(ENDPOINTS.cardWebhook.slice(1), "routes/resources/card-webhook.ts"),

  // Every page but the landing page: in the request's language (docs/decisions/026).
  layout("routes/localized.tsx", [
    route("signup", "routes/auth/signup.tsx"),
    route("login", "routes/auth/login.tsx"),
    route("forgot-password", "routes/auth/forgot-password.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
    // Where a customer lands once they deleted their account (signed out): it says so.
    route("account-deleted", "routes/auth/account-deleted.tsx"),

    route("dashboard", "routes/dashboard/layout.tsx", [
      index("routes/dashboard/index.ts"),
      route("progress", "routes/dashboard/progress.tsx"),
      route("google-business", "routes/dashboard/google-business.tsx"),
      route("website", "routes/dashboard/website.tsx"),
      route("credentials", "routes/dashboard/credentials.tsx"),
      route("messages", "routes/dashboard/messages.tsx"),
      route("plans", "routes/dashboard/plans.tsx"),
      route("plans/card", "routes/dashboard/plan-card.ts"),
      route("profile", "routes/dashboard/profile.tsx"),
    ]),

    // A reminder e-mail's unsubscribe link: works signed out, in the customer's language (the token names them).
    route("reminders/unsubscribe", "routes/reminders/unsubscribe.tsx"),

    route("receipts/:paymentId", "routes/receipts/receipt.tsx"),
    // The same receipt as a PDF download: a resource route, with the page's guard and language.
    route("receipts/:paymentId/pdf", "routes/receipts/receipt-pdf.ts"),

    route("admin/login", "routes/admin/login.tsx"),
    route("admin/two-factor", "routes/admin/two-factor.tsx"),
    // An invitation's link: the invitee has no account yet, so it is outside the back office's guard.
    route("admin/invitations/:token", "routes/admin/invitation.tsx"),
    ...prefix("admin", [
      layout("routes/admin/layout.tsx", [
        index("routes/admin/index.ts"),
        route("dashboard", "routes/admin/dashboard.tsx"),
        route("users", "routes/admin/users.tsx"),
        // A customer's page: the header and the tab bar, each tab a page of its own with its own data and forms
        // (docs/decisions/041). Payments, the first tab, is the customer's own path; the two service tabs are one
        // module under two ids, the service read from the path.
        route("users/:userId", "routes/admin/user-detail/layout.tsx", [
          index("routes/admin/user-detail/payments.tsx"),
          route("messages", "routes/admin/user-detail/messages.tsx"),
          route("notes", "routes/admin/user-detail/notes.tsx"),
          route("google-business", "routes/admin/user-detail/service.tsx", {
            id: "routes/admin/user-detail/google-business",
          }),
          route("website", "routes/admin/user-detail/service.tsx", { id: "routes/admin/user-detail/website" }),
          route("credentials", "routes/admin/user-detail/credentials.tsx"),
        ]),
        // The website's enquiries: the list, a lead's page, and the list as CSV (admins only).
        route("leads", "routes/admin/leads.tsx"),
        route("leads/:leadId", "routes/admin/lead.tsx"),
        route("leads.csv", "routes/admin/leads-csv.ts"),
        route("settings", "routes/admin/settings.tsx"),
        route("activity", "routes/admin/activity.tsx"),
        route("analytics", "routes/admin/analytics.tsx"),
        // A period's payments as CSV (the analytics page's 'Export CSV'): a download behind the back office's guard.
        route("payments.csv", "routes/admin/payments-csv.ts"),
        // The customer list with its search and filters as CSV (the list's 'Export CSV'): admins only.
        route("customers.csv", "routes/admin/customers-csv.ts"),
      ]),
    ]),

    route("*", "routes/not-found.tsx"),
  ]),

  ...prefix("resources", [
    route("session", "routes/resources/session.ts"),
    route("notifications", "routes/resources/notifications.ts"),
    route(ENDPOINTS.paymentProof.slice("/resources/".length), "routes/resources/payment-proof.ts"),
    route(ENDPOINTS.paymentQuote.slice("/resources/".length), "routes/resources/payment-quote.ts"),
    route(ENDPOINTS.freePayment.slice("/resources/".length), "routes/resources/free-payment.ts"),
    route("secrets/reveal", "routes/resources/reveal-secret.ts"),
    route("messages/:userId", "routes/resources/messages.ts"),
    route("approvals", "routes/resources/approvals.ts"),
    route("catalog/:file", "routes/resources/catalog.ts"),
  ]),
] satisfies RouteConfig;

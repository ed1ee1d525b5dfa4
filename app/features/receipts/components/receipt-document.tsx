import { Trans, useLingui } from "@lingui/react/macro";
import { Download, Printer } from "lucide-react";
import { Link } from "react-router";
import { LocalDateTime } from "~/components/local-date-time";
import { Button } from "~/components/ui/button";
import { paymentSubtitleIn } from "~/domain/service-texts";
import { useHydrated } from "~/lib/use-hydrated";
import { paymentMethodIn, receiptLines, receiptPdfPath, type ReceiptView } from "../receipt";

const PAID_AT: Intl.DateTimeFormatOptions = { month: "long", day: "numeric", year: "numeric" };

/**
 * The PDF's address: once the page runs in the browser it carries the viewer's time zone, so the PDF (drawn on the
 * server, which does not know it) dates the payment and the refunds as this page does.
 */
function usePdfHref(paymentId: string): string {
  const hydrated = useHydrated();
  const path = receiptPdfPath(paymentId);
  if (!hydrated) return path;
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return timeZone ? `${path}?${new URLSearchParams({ tz: timeZone }).toString()}` : path;
}

/**
 * A payment receipt as one printable page: no portal shell around it, and the toolbar (back, download, print) is
 * hidden when printing, so the browser's print or "save as PDF" gives the receipt alone. 'Download PDF' gets the
 * same receipt drawn on the server.
 */
export function ReceiptDocument({
  receipt,
  backTo,
  backLabel,
}: {
  receipt: ReceiptView;
  backTo: string;
  backLabel: string;
}) {
  const { t, i18n } = useLingui();
  const pdfHref = usePdfHref(receipt.paymentId);
  const supportEmail = receipt.agency.supportEmail;
  const taxId = receipt.agency.taxId;
  const lines = receiptLines(receipt, i18n);
  const rows: [string, React.ReactNode][] = [
    [t`Receipt number`, <span data-testid="receipt-number">{receipt.number}</span>],
    [t`Date`, <LocalDateTime iso={receipt.paidAt} options={PAID_AT} />],
    [t`Customer`, receipt.customer.name],
    [t`Company`, receipt.customer.companyName ?? "-"],
    [t`E-mail`, receipt.customer.email],
    [t`Service`, paymentSubtitleIn(i18n, receipt.serviceType, receipt.paymentNumber)],
    [t`Payment method`, paymentMethodIn(i18n, receipt.paymentMethod)],
  ];
  return (
    <div className="min-h-screen bg-slate-50 px-4 py-6 print:min-h-0 print:bg-white print:p-0">
      <nav
        aria-label={t`Receipt actions`}
        className="mx-auto mb-4 flex max-w-2xl flex-wrap items-center justify-between gap-2 print:hidden"
      >
        <Link to={backTo} className="text-sm font-medium text-blue-700 underline-offset-4 hover:underline">
          {backLabel}
        </Link>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            {/* A file, not a page: the browser downloads it (the route answers with an attachment). */}
            <a href={pdfHref} download data-testid="receipt-pdf-link">
              <Download aria-hidden="true" />
              <Trans>Download PDF</Trans>
            </a>
          </Button>
          <Button type="button" variant="outline" onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            <Trans>Print receipt</Trans>
          </Button>
        </div>
      </nav>
      <main
        className="mx-auto max-w-2xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 print:max-w-none print:border-0 print:shadow-none"
        aria-labelledby="receipt-title"
      >
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-6">
          <div className="min-w-0" data-testid="receipt-agency">
            <p className="text-lg font-bold text-slate-900">{receipt.agency.name}</p>
            {receipt.agency.address ? (
              <p className="text-sm whitespace-pre-line text-slate-600" data-testid="receipt-agency-address">
                {receipt.agency.address}
              </p>
            ) : null}
            <p className="text-sm text-slate-600">{receipt.agency.supportEmail}</p>
            {taxId ? (
              <p className="text-sm text-slate-600" data-testid="receipt-agency-tax-id">
                <Trans>Tax ID: {taxId}</Trans>
              </p>
            ) : null}
          </div>
          <div className="sm:text-right">
            <h1 id="receipt-title" className="text-2xl font-bold text-slate-900">
              <Trans>Payment Receipt</Trans>
            </h1>
            <p className="text-sm text-slate-600">{receipt.number}</p>
            {lines.status ? (
              <p
                className="mt-1 inline-block rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-semibold text-amber-900"
                data-testid="receipt-status"
              >
                {lines.status}
              </p>
            ) : null}
          </div>
        </header>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 py-6 sm:grid-cols-[auto_1fr] print:grid-cols-[auto_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="font-medium break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <dl className="space-y-2 border-t border-slate-200 pt-6" data-testid="receipt-amounts">
          {lines.charges.map((line) =>
            line.id === "paid" ? (
              <div key={line.id} className="flex items-baseline justify-between gap-4">
                <dt className="text-base font-semibold text-slate-900">{line.label}</dt>
                <dd className="text-3xl font-bold text-slate-900 tabular-nums" data-testid="receipt-amount">
                  {line.amount}
                </dd>
              </div>
            ) : (
              <div key={line.id} className="flex items-baseline justify-between gap-4 text-slate-700">
                <dt className="min-w-0 break-words">{line.label}</dt>
                <dd className="tabular-nums" data-testid={`receipt-${line.id}`}>
                  {line.amount}
                </dd>
              </div>
            ),
          )}
        </dl>
        {lines.refunds.length > 0 ? (
          <section
            className="mt-6 border-t border-slate-200 pt-6"
            aria-labelledby="receipt-refunds-title"
            data-testid="receipt-refunds"
          >
            <h2 id="receipt-refunds-title" className="mb-2 text-base font-semibold text-slate-900">
              <Trans>Refunds</Trans>
            </h2>
            <ul className="space-y-2">
              {lines.refunds.map((refund, index) => (
                <li key={index} className="flex items-baseline justify-between gap-4 text-slate-700">
                  <span className="min-w-0 break-words">
                    <LocalDateTime iso={refund.date} options={PAID_AT} className="font-medium text-slate-900" />
                    <span className="block text-sm text-slate-600">{refund.reason}</span>
                  </span>
                  <span className="tabular-nums">{refund.amount}</span>
                </li>
              ))}
            </ul>
            {lines.net ? (
              <div className="mt-4 flex items-baseline justify-between gap-4 border-t border-slate-200 pt-4">
                <span className="font-semibold text-slate-900">{lines.net.label}</span>
                <span className="text-xl font-bold text-slate-900 tabular-nums" data-testid="receipt-net">
                  {lines.net.amount}
                </span>
              </div>
            ) : null}
          </section>
        ) : null}
        <p className="mt-8 text-sm text-slate-600">
          <Trans>
            Thank you for your business. Questions about this payment? Write to {supportEmail} and quote the receipt
            number.
          </Trans>
        </p>
      </main>
    </div>
  );
}

import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import PDFDocument from "pdfkit";
import { paymentSubtitleIn } from "~/domain/service-texts";
import { formatDate } from "~/lib/i18n/format";
import { paymentMethodIn, receiptLines, type ReceiptView } from "./receipt";
import { toWinAnsi } from "./win-ansi";

/** A US Letter page with one-inch-and-a-bit margins, in points. */
const PAGE = { width: 612, height: 792, margin: 56 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const RIGHT = PAGE.width - PAGE.margin;
/** The amounts' column: wide enough for '-$1,000,000.00' in the bold face. */
const AMOUNT_WIDTH = 150;
const LABEL_WIDTH = 150;
const INK = "#0f172a";
const MUTED = "#475569";
const RULE = "#cbd5e1";

/** A time zone Intl knows (what the receipt page sent), else UTC: a wrong one never fails the download. */
export function receiptTimeZone(requested: string | null | undefined): string {
  if (!requested || requested.length > 64) return "UTC";
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: requested }).resolvedOptions().timeZone;
  } catch {
    return "UTC";
  }
}

/**
 * A receipt as a PDF, drawn on the server with pdfkit's standard Helvetica (its WinAnsi encoding covers Spanish:
 * á é í ó ú ñ ¿ ¡), in the viewer's language and time zone, with everything the receipt page shows: the agency
 * (name, address, support e-mail, tax id), the number and date, the customer and company, the service, the method,
 * the list price and the promotion code's discount, the amount paid, the completed refunds and the net. The amounts
 * are right-aligned in one column. Returns the document as a stream; the caller sends it as it is produced.
 */
export function renderReceiptPdf(receipt: ReceiptView, i18n: I18n, timeZone = "UTC"): PDFKit.PDFDocument {
  const text = (value: string) => toWinAnsi(value);
  const date = (iso: string) =>
    formatDate(iso, i18n.locale, { month: "long", day: "numeric", year: "numeric", timeZone });
  const lines = receiptLines(receipt, i18n);
  const number = receipt.number;
  const doc = new PDFDocument({
    size: "LETTER",
    margin: PAGE.margin,
    lang: i18n.locale,
    displayTitle: true,
    info: {
      Title: text(i18n._(msg`Receipt ${number}`)),
      Author: text(receipt.agency.name),
      Subject: text(i18n._(msg`Payment Receipt`)),
      CreationDate: new Date(receipt.paidAt),
    },
  });

  const rule = (y: number) => {
    doc.save().moveTo(PAGE.margin, y).lineTo(RIGHT, y).lineWidth(0.75).strokeColor(RULE).stroke().restore();
  };
  /** A label on the left and an amount right-aligned in the amounts' column, on one line; the next line's y. */
  const amountRow = (y: number, label: string, amount: string, { bold = false, size = 11 } = {}) => {
    doc
      .font(bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(size)
      .fillColor(INK);
    const labelWidth = CONTENT_WIDTH - AMOUNT_WIDTH - 12;
    doc.text(text(label), PAGE.margin, y, { width: labelWidth });
    const labelBottom = doc.y;
    doc.text(text(amount), RIGHT - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: "right", lineBreak: false });
    return Math.max(labelBottom, y + doc.currentLineHeight()) + 6;
  };

  // The agency on the left, the title and number on the right.
  const top = PAGE.margin;
  const headerWidth = CONTENT_WIDTH / 2 - 8;
  doc
    .font("Helvetica-Bold")
    .fontSize(16)
    .fillColor(INK)
    .text(text(receipt.agency.name), PAGE.margin, top, { width: headerWidth });
  doc.font("Helvetica").fontSize(10).fillColor(MUTED);
  if (receipt.agency.address) doc.text(text(receipt.agency.address), { width: headerWidth });
  doc.text(text(receipt.agency.supportEmail), { width: headerWidth });
  const taxId = receipt.agency.taxId;
  if (taxId) doc.text(text(i18n._(msg`Tax ID: ${taxId}`)), { width: headerWidth });
  const agencyBottom = doc.y;

  const rightX = PAGE.margin + CONTENT_WIDTH / 2 + 8;
  doc
    .font("Helvetica-Bold")
    .fontSize(20)
    .fillColor(INK)
    .text(text(i18n._(msg`Payment Receipt`)), rightX, top, { width: headerWidth, align: "right" });
  doc.font("Helvetica").fontSize(11).fillColor(MUTED).text(receipt.number, { width: headerWidth, align: "right" });
  if (lines.status)
    doc
      .font("Helvetica-Bold")
      .fontSize(11)
      .fillColor("#92400e")
      .text(text(lines.status), { width: headerWidth, align: "right" });
  let y = Math.max(agencyBottom, doc.y) + 14;
  rule(y);
  y += 14;

  // The facts, label and value side by side.
  const facts: [string, string][] = [
    [i18n._(msg`Receipt number`), receipt.number],
    [i18n._(msg`Date`), date(receipt.paidAt)],
    [i18n._(msg`Customer`), receipt.customer.name],
    [i18n._(msg`Company`), receipt.customer.companyName ?? "-"],
    [i18n._(msg`E-mail`), receipt.customer.email],
    [i18n._(msg`Service`), paymentSubtitleIn(i18n, receipt.serviceType, receipt.paymentNumber)],
    [i18n._(msg`Payment method`), paymentMethodIn(i18n, receipt.paymentMethod)],
  ];
  const valueX = PAGE.margin + LABEL_WIDTH + 12;
  for (const [label, value] of facts) {
    doc
      .font("Helvetica")
      .fontSize(10)
      .fillColor(MUTED)
      .text(text(label), PAGE.margin, y + 1, { width: LABEL_WIDTH });
    doc
      .font("Helvetica-Bold")
      .fontSize(11)
      .fillColor(INK)
      .text(text(value), valueX, y, { width: RIGHT - valueX });
    y = doc.y + 7;
  }
  y += 6;
  rule(y);
  y += 14;

  // The amounts: list price and discount when a code was used, then what was paid.
  for (const line of lines.charges) {
    y =
      line.id === "paid"
        ? amountRow(y + 4, line.label, line.amount, { bold: true, size: 14 })
        : amountRow(y, line.label, line.amount);
  }

  if (lines.refunds.length > 0) {
    y += 6;
    rule(y);
    y += 12;
    doc
      .font("Helvetica-Bold")
      .fontSize(12)
      .fillColor(INK)
      .text(text(i18n._(msg`Refunds`)), PAGE.margin, y);
    y = doc.y + 6;
    for (const refund of lines.refunds) {
      y = amountRow(y, `${date(refund.date)} - ${refund.reason}`, refund.amount);
    }
    if (lines.net) {
      y += 4;
      rule(y);
      y += 10;
      y = amountRow(y, lines.net.label, lines.net.amount, { bold: true, size: 13 });
    }
  }

  const supportEmail = receipt.agency.supportEmail;
  doc
    .font("Helvetica")
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      text(
        i18n._(
          msg`Thank you for your business. Questions about this payment? Write to ${supportEmail} and quote the receipt number.`,
        ),
      ),
      PAGE.margin,
      y + 24,
      { width: CONTENT_WIDTH },
    );
  doc.end();
  return doc;
}

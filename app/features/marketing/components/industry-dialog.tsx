import { Dialog } from "radix-ui";
import type { Industry, LandingContent } from "../content";
import {
  DIALOG_CONTENT_CLASS,
  DIALOG_OVERLAY_CLASS,
  IndustryDialogBody,
  type DialogParts,
} from "./industry-dialog-body";

const RADIX_PARTS: DialogParts = {
  Title: Dialog.Title,
  Description: Dialog.Description,
  Close: Dialog.Close,
  QuoteLink: ({ industry, ...props }) => (
    <Dialog.Close asChild>
      <a href="#quote" data-quote-industry={industry} {...props} />
    </Dialog.Close>
  ),
};

/**
 * 'Why {industry} Businesses Need Online Presence' when React runs the page (a visitor who came to it from
 * another page of the app): Radix gives it the focus trap and Escape to close. Its copy comes with the industry,
 * in the page's language (loader data, content.ts): this code carries no text.
 */
export default function IndustryDialog({
  industry,
  labels,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  industry: Industry;
  labels: LandingContent["industries"]["dialog"];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={DIALOG_OVERLAY_CLASS} />
        <Dialog.Content onCloseAutoFocus={onCloseAutoFocus} className={DIALOG_CONTENT_CLASS}>
          <IndustryDialogBody industry={industry} labels={labels} parts={RADIX_PARTS} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

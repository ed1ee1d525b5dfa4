import type { I18n } from "@lingui/core";

/**
 * A text the server writes for one person, not yet in their language: rendered with the recipient's i18n
 * instance when the message is written (notification rows, e-mails). `(i18n) => i18n._(msg\`Payment Approved\`)`.
 */
export type Localized<T> = (i18n: I18n) => T;

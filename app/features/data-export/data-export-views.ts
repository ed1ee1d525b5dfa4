import { ENDPOINTS } from "~/lib/http/endpoints";
import type { DataExportState } from "./data-export-rules";

/** The customer's latest export, as the Profile page's 'Your data' card shows it. */
export interface DataExportView {
  id: string;
  state: DataExportState;
  /** 0 to 100. */
  progress: number;
  /** Whether it holds the stored passwords in clear (the customer confirmed their password). */
  withSecrets: boolean;
  /** The ZIP's size in bytes, once ready. */
  size: number | null;
  requestedAt: string;
  readyAt: string | null;
  /** Until when the ZIP can be downloaded (ready), or when it could (expired). */
  expiresAt: string | null;
  /** The download's path while the ZIP can be downloaded. */
  downloadUrl: string | null;
}

/** The 'Your data' card: the latest export, and when the customer may ask for the next one (null: now). */
export interface DataExportCardView {
  /** Whether the reader may take their data: a customer may; a team account has none of its own to take. */
  available: boolean;
  latest: DataExportView | null;
  nextAllowedAt: string | null;
}

/** The download's path for an export (server/data-export-download.ts). */
export function dataExportDownloadPath(exportId: string): string {
  return `${ENDPOINTS.dataExports}/${encodeURIComponent(exportId)}/download`;
}

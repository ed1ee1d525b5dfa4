import type { ServiceType } from "~/domain/service-catalog";

/** A file of a round as both sides show it: a thumbnail that opens the image, or a PDF's download link. */
export interface RoundFileView {
  url: string;
  thumbnailUrl: string | null;
  name: string;
  size: number;
  isImage: boolean;
}

export type RoundDecision = "approved" | "changes_requested" | "superseded";

/** One review round of a service, as the customer's page and the admin's tab show it. */
export interface ReviewRoundView {
  id: string;
  service: ServiceType;
  version: number;
  title: string;
  /** A draft, or the finished website for launch (approving it ticks 'Review & Client Approval'). */
  purpose: "draft" | "launch";
  message: string;
  link: string | null;
  files: RoundFileView[];
  createdAt: string;
  /** The admin who sent it; null when that account was removed. */
  authorName: string | null;
  /** Null while it waits for the customer. */
  decision: RoundDecision | null;
  comment: string | null;
  decidedAt: string | null;
}

/** A customer's rounds, by service, newest first. */
export type ReviewRoundsView = Record<ServiceType, ReviewRoundView[]>;

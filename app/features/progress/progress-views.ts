import type { ServiceType } from "~/domain/service-catalog";

/** What made the product mark a step done: a received form, or the customer's approval of the finished site. */
export type StepMarker = "information" | "approval";

export interface StepDone {
  at: string;
  auto: boolean;
  by?: "approval";
}

/** One service's progress record as the screens read it: each step's column key and whether it is done. */
export interface ServiceProgressView {
  steps: Record<string, boolean>;
  /**
   * When each done step was marked done (absent for steps marked before dates were kept), whether the product did it,
   * and, when the customer's approval of the finished site did, `by: "approval"` (else a received form did).
   */
  doneAt: Record<string, StepDone>;
  updatedAt: string;
}

/** A customer's two progress records; null where the customer has no record for that service. */
export type CustomerProgress = Record<ServiceType, ServiceProgressView | null>;

/** What a page's loader hands the progress screens: the records, or that they could not be read. */
export type ProgressLoad = { ok: true; progress: CustomerProgress } | { ok: false };

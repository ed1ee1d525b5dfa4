import type { ServiceType } from "~/domain/service-catalog";

/** One service's progress record as the screens read it: each step's column key and whether it is done. */
export interface ServiceProgressView {
  steps: Record<string, boolean>;
  /** When each done step was marked done (absent for steps marked before dates were kept), and whether the product did it. */
  doneAt: Record<string, { at: string; auto: boolean }>;
  updatedAt: string;
}

/** A customer's two progress records; null where the customer has no record for that service. */
export type CustomerProgress = Record<ServiceType, ServiceProgressView | null>;

/** What a page's loader hands the progress screens: the records, or that they could not be read. */
export type ProgressLoad = { ok: true; progress: CustomerProgress } | { ok: false };

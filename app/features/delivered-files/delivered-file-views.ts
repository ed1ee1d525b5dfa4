import type { ServiceType } from "~/domain/service-catalog";

/** A delivered file as both sides list it: its download link (named), size and when it was added. */
export interface DeliveredFileView {
  id: string;
  service: ServiceType;
  name: string;
  size: number;
  /** The files route's path, with the name it is saved under. */
  downloadUrl: string;
  createdAt: string;
}

/** A customer's delivered files, by service, newest first. */
export type DeliveredFilesView = Record<ServiceType, DeliveredFileView[]>;

import { EVERYONE, type Change } from "./realtime";

/** Who a version is for: a team member's pages list everyone they reach, a customer's only their own rows. */
export interface VersionViewer {
  userId: string;
  isTeam: boolean;
}

/**
 * How far each viewer's data has moved on this instance, counted from the changes its bus delivered: the version a
 * page's data was read at goes into the answer's ETag, and a revalidation that brings it back while the version is
 * the same answers 304 without running a loader (server/unchanged-data.ts). Only comparable on the instance that
 * counted, so the tag carries the instance too.
 */
export class ViewerVersions {
  private latest = 0;
  private resyncedAt = 0;
  private readonly lastFor = new Map<string, number>();

  record(change: Pick<Change, "userId">): void {
    this.latest++;
    this.lastFor.set(change.userId, this.latest);
  }

  /** Changes may have been lost (the bus reconnected): every viewer's data may have moved. */
  resync(): void {
    this.latest++;
    this.resyncedAt = this.latest;
  }

  /**
   * The viewer's version: for the team, the latest change of any row (their lists show every customer they reach);
   * for a customer, the latest of their own rows, of everyone's (the settings), or a resync.
   */
  of(viewer: VersionViewer): number {
    if (viewer.isTeam) return this.latest;
    return Math.max(this.lastFor.get(viewer.userId) ?? 0, this.lastFor.get(EVERYONE) ?? 0, this.resyncedAt);
  }
}

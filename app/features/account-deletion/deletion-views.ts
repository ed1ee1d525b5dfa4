import type { DeletionBlocker } from "./account-deletion";

/** The Profile page's 'Delete my account' card: what it offers the reader now. */
export interface OwnDeletionStatus {
  /** Whether the reader may close their account here (customers; a team account is closed by the admins). */
  available: boolean;
  /** What would send a deletion to the agency first, as things stand now. */
  blockers: DeletionBlocker[];
  /** Their request waiting for the agency, if any (then the card says so instead of offering the dialog). */
  pending: { requestedAt: string; blockers: DeletionBlocker[] } | null;
  /** Their latest request, when the agency declined it and no other waits: why. */
  declined: { decidedAt: string; reason: string } | null;
}

/** A customer's deletion request waiting for an admin, as their page shows it. */
export interface PendingDeletionRequest {
  id: string;
  requestedAt: string;
  /** What holds the deletion back now (approving closes a payment still pending without review). */
  blockers: DeletionBlocker[];
}

/** A customer's deletion request in the admins' work queue: whose, too. */
export interface QueueDeletionRequest extends PendingDeletionRequest {
  userId: string;
  customerName: string;
}

/** The work queue's 'Deletion requested' list: the oldest first, and how many there are. */
export interface DeletionRequestList {
  total: number;
  items: QueueDeletionRequest[];
}

/** A file of a message, as the thread shows it. */
interface AttachmentView {
  url: string;
  /** The preview of an image; null for a PDF (a download link). */
  thumbnailUrl: string | null;
  name: string;
  size: number;
  isImage: boolean;
}

export interface MessageView {
  id: string;
  fromAgency: boolean;
  /** The admin who wrote an agency message (null: a former team member); null on the customer's messages (the thread names them). */
  authorName: string | null;
  body: string;
  createdAt: string;
  attachments: AttachmentView[];
  /** Sent as a reply to a message e-mail. */
  byEmail: boolean;
}

/** One page of a conversation, oldest first, with what each side has read. */
export interface ThreadView {
  customerId: string;
  /** The customer's name, which their messages are shown under on the admin's side. */
  customerName: string;
  messages: MessageView[];
  /** The oldest message shown, when there are earlier ones to page back to. */
  earlierBefore: string | null;
  /** When the customer and the agency last read the thread. */
  customerReadAt: string | null;
  agencyReadAt: string | null;
  /** Messages the viewer's side has not read yet. */
  unread: number;
}

/** The page's frame around the thread: the agency's name and the line under an empty conversation. */
export interface ConversationFrame {
  agencyName: string;
  replyTime: string;
}

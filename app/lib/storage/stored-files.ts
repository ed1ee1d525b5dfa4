import { thumbnailKey, UPLOAD_KINDS, type UploadKind } from "../../domain/upload-kinds";

/** A stored image as views send it: the file and its preview, both served by the files route. */
export interface StoredImageView {
  url: string;
  thumbnailUrl: string;
}

/** The key of a stored file of this kind from the URL a *_url column holds, or null if it is not one. */
export function keyFromFileUrl(kind: UploadKind, url: string): string | null {
  const prefix = `/files/${UPLOAD_KINDS[kind].bucket}/`;
  if (!url.startsWith(prefix)) return null;
  const key = url.slice(prefix.length);
  return key && !key.includes("..") ? key : null;
}

/** The view of a stored image URL: the file and its thumbnail beside it. */
export function storedImageView(url: string): StoredImageView {
  const slash = url.lastIndexOf("/");
  return { url, thumbnailUrl: `${url.slice(0, slash + 1)}${thumbnailKey(url.slice(slash + 1))}` };
}

import { useLingui } from "@lingui/react/macro";
import { Download } from "lucide-react";
import type { ReactNode } from "react";
import type { StoredImageView } from "~/lib/storage/stored-files";
import { cn } from "~/lib/utils";

/** One saved value of a read-only information view; an empty value shows a dash. */
export interface ReadOnlyItem {
  label: string;
  value: ReactNode;
  /** Spans the whole row (lists, images). */
  wide?: boolean;
}

/**
 * The one way a read-only view shows a value that was left empty: a dash (read as 'Not set'). Links, chips
 * and image lists show it too when they have nothing, so no empty field is left blank.
 */
export function EmptyValue() {
  const { t } = useLingui();
  return (
    <span className="text-slate-500">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t`Not set`}</span>
    </span>
  );
}

function isEmpty(value: ReactNode): boolean {
  return value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
}

/** Saved values as a description list: label above value, two columns on wider screens. */
export function ReadOnlyList({ items }: { items: readonly ReadOnlyItem[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {items.map((item) => (
        <div key={item.label} className={cn("min-w-0 space-y-0.5", item.wide && "sm:col-span-2")}>
          <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{item.label}</dt>
          {/* Long words (an e-mail address) wrap only where they would not fit, not at every letter. */}
          <dd className="text-sm [overflow-wrap:anywhere] text-slate-900">
            {isEmpty(item.value) ? <EmptyValue /> : item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A list of texts as chips (service cities, service types). */
export function TextChips({ values, label }: { values: readonly string[]; label: string }) {
  if (values.length === 0) return <EmptyValue />;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {values.map((value, index) => (
        <li
          key={`${index}-${value}`}
          className="rounded-full border border-slate-200 bg-slate-50 px-3 py-1 text-sm text-slate-800"
        >
          {value}
        </li>
      ))}
    </ul>
  );
}

/** A saved link, opened in a new tab. */
export function ExternalLink({ href }: { href: string | null }) {
  if (!href) return <EmptyValue />;
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer noopener"
      className="[overflow-wrap:anywhere] text-blue-700 underline underline-offset-2"
    >
      {href}
    </a>
  );
}

/**
 * Saved images as thumbnails that open the full image, each with a download link (the files route checks
 * who may read them).
 */
export function ImageThumbnails({ images, label }: { images: readonly StoredImageView[]; label: string }) {
  const { t } = useLingui();
  if (images.length === 0) return <EmptyValue />;
  const single = images.length === 1;
  return (
    <ul className="flex flex-wrap gap-4" aria-label={label}>
      {images.map((image, index) => {
        const name = single ? label : `${label} ${index + 1}`;
        return (
          <li key={image.url} className="space-y-1">
            <a
              href={image.url}
              target="_blank"
              rel="noreferrer"
              className="block rounded-lg focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
            >
              <img
                src={image.thumbnailUrl}
                alt={t`${name} (open full size)`}
                className="size-24 rounded-lg border border-slate-200 object-cover"
              />
            </a>
            <a
              href={image.url}
              download
              className="inline-flex items-center gap-1 text-xs text-blue-700 underline underline-offset-2"
            >
              <Download aria-hidden="true" className="size-3" />
              {t`Download ${name}`}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

import { cn } from "~/lib/utils";
import { initials } from "../initials";

const SIZES = { sm: "size-9 text-sm", lg: "size-14 text-lg" } as const;

/** The customer's picture, else the initials of up to two words of the name, else '?'. Decorative: the name is always next to it. */
export function CustomerAvatar({
  name,
  imageUrl,
  size = "sm",
}: {
  name: string | null | undefined;
  imageUrl?: string | null;
  size?: keyof typeof SIZES;
}) {
  const className = cn("inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full", SIZES[size]);
  if (imageUrl) return <img src={imageUrl} alt="" className={cn(className, "object-cover")} />;
  return (
    <span
      aria-hidden="true"
      data-testid="avatar-initials"
      className={cn(className, "bg-blue-100 font-semibold text-blue-800")}
    >
      {initials(name) || "?"}
    </span>
  );
}

import { Tabs as TabsPrimitive } from "radix-ui";
import { useRef, type ComponentProps, type KeyboardEvent, type MouseEvent } from "react";
import { Link, useNavigate } from "react-router";
import { cn } from "~/lib/utils";

/** Radix tabs: arrow keys move between tabs, each panel is labelled by its tab. */
export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        "inline-flex max-w-full flex-wrap items-center gap-1 rounded-lg bg-slate-200 p-1 text-slate-700",
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        "inline-flex items-center justify-center whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition-colors hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn("mt-4 focus-visible:outline-none", className)} {...props} />;
}

/**
 * Tabs whose panels are pages of their own (nested routes), each tab a link to its page: `value` is the path of
 * the page the URL is on, and each `TabsLink` and `TabsContent` takes its page's path as its value. A tab is
 * chosen as any tab is (a click, the arrow keys, Space or Enter) and goes to its page, keeping the scroll
 * position; a click with a modifier key (or the middle button) opens the page elsewhere, as a link does.
 */
export function LinkTabs({
  value,
  ...props
}: Omit<ComponentProps<typeof TabsPrimitive.Root>, "value" | "defaultValue" | "onValueChange"> & { value: string }) {
  const navigate = useNavigate();
  // Radix tells of one press twice (the focus it gives the tab, then the press itself): one navigation for both.
  const sent = useRef<string | null>(null);
  const choose = (path: string) => {
    if (path === value || sent.current === path) return;
    sent.current = path;
    queueMicrotask(() => {
      if (sent.current === path) sent.current = null;
    });
    void navigate(path, { preventScrollReset: true });
  };
  return <TabsPrimitive.Root value={value} onValueChange={choose} {...props} />;
}

const modified = (event: MouseEvent) => event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/** One tab of `LinkTabs`: a link to `to`, the tab's page, with the look and keys of the other tabs. */
export function TabsLink({
  to,
  children,
  ...props
}: Omit<ComponentProps<typeof TabsPrimitive.Trigger>, "value" | "asChild"> & { to: string }) {
  // A press or an Enter key, which Radix has already turned into the choice of this tab: the click that follows
  // them is not followed a second time.
  const pressed = useRef(false);
  return (
    <TabsTrigger
      value={to}
      asChild
      {...props}
      onMouseDown={(event: MouseEvent<HTMLElement>) => {
        pressed.current = event.button === 0 && !modified(event);
        // A modified click is the browser's (a new tab or window): the tab is not chosen here.
        if (event.button === 0 && modified(event)) event.preventDefault();
      }}
      onKeyDown={(event: KeyboardEvent<HTMLElement>) => {
        pressed.current = event.key === "Enter";
      }}
    >
      <Link
        to={to}
        type={undefined}
        preventScrollReset
        onClick={(event) => {
          const handled = pressed.current && !modified(event);
          pressed.current = false;
          if (handled) event.preventDefault();
        }}
      >
        {children}
      </Link>
    </TabsTrigger>
  );
}

import { toast, Toaster as Sonner } from "sonner";

/** The app notifier: one toast at a time, as the spec asks. */
export function Toaster() {
  return <Sonner visibleToasts={1} position="top-center" richColors closeButton duration={4000} />;
}

export const notify = {
  error(description: string, title = "Error") {
    toast.error(title, { description });
  },
  success(title: string, description?: string) {
    toast.success(title, { description });
  },
  info(title: string, description?: string) {
    toast.info(title, { description });
  },
};

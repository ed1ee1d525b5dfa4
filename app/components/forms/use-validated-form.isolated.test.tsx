// @vitest-environment happy-dom
import { getFormProps } from "@conform-to/react";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { Field } from "~/components/ui/input";
import { useActionToast } from "./use-action-toast";
import { useValidatedForm } from "./use-validated-form";

const notify = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock("~/components/ui/toast", () => ({ notify }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  vi.clearAllMocks();
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const schema = z.object({
  title: z.string({ error: "Title is required" }).max(5, "Title must be less than 5 characters"),
  email: z.email({ error: "Invalid email address" }),
});

function TestForm({
  onValid,
  toastTitle,
}: {
  onValid: (value: z.output<typeof schema>) => void;
  toastTitle?: string | false;
}) {
  const [form, fields] = useValidatedForm({
    schema,
    toastTitle,
    onValid(event, value) {
      event.preventDefault();
      onValid(value);
    },
  });
  return (
    <form {...getFormProps(form)}>
      <Field id="title" label="Title" error={fields.title.errors?.[0]} />
      <Field id="email" label="Email" error={fields.email.errors?.[0]} />
      <button type="submit">Save</button>
    </form>
  );
}

async function submit() {
  await act(async () => {
    container.querySelector("button")!.click();
  });
}

const input = (id: string) => container.querySelector<HTMLInputElement>(`#${id}`)!;

describe("useValidatedForm (the one client form helper)", () => {
  it("puts each error beside its field and the first one in a 'Validation Error' toast; a valid form goes on", async () => {
    const onValid = vi.fn();
    act(() => root.render(<TestForm onValid={onValid} />));
    await submit();
    expect(onValid).not.toHaveBeenCalled();
    expect(notify.error).toHaveBeenCalledTimes(1);
    expect(notify.error).toHaveBeenCalledWith("Title is required", "Validation Error");
    expect(input("title").getAttribute("aria-invalid")).toBe("true");
    expect(container.querySelector(`#${input("title").getAttribute("aria-describedby")}`)?.textContent).toBe(
      "Title is required",
    );
    expect(container.textContent).toContain("Invalid email address");

    input("title").value = "Roof";
    input("email").value = "ann@example.com";
    await submit();
    expect(onValid).toHaveBeenCalledWith({ title: "Roof", email: "ann@example.com" });
    expect(notify.error).toHaveBeenCalledTimes(1);
  });

  it("keeps errors beside the fields only when the form asks for no toast", async () => {
    act(() => root.render(<TestForm onValid={vi.fn()} toastTitle={false} />));
    await submit();
    expect(notify.error).not.toHaveBeenCalled();
    expect(input("email").getAttribute("aria-invalid")).toBe("true");
  });
});

function Result({ result, onSuccess }: { result: unknown; onSuccess?: () => void }) {
  useActionToast(result, { success: { title: "Saved", description: "All good" }, onSuccess });
  return null;
}

describe("useActionToast (the one action-result hook)", () => {
  it("shows each answer once: success texts, the 'Error' toast, a Conform reply's first error", () => {
    const onSuccess = vi.fn();
    act(() => root.render(<Result result={undefined} onSuccess={onSuccess} />));
    expect(notify.success).not.toHaveBeenCalled();

    const ok = { ok: true };
    act(() => root.render(<Result result={ok} onSuccess={onSuccess} />));
    act(() => root.render(<Result result={ok} onSuccess={onSuccess} />));
    expect(notify.success).toHaveBeenCalledTimes(1);
    expect(notify.success).toHaveBeenLastCalledWith("Saved", "All good");
    expect(onSuccess).toHaveBeenCalledTimes(1);

    act(() =>
      root.render(<Result result={{ ok: true, title: "Status Updated", message: "Payment has been approved" }} />),
    );
    expect(notify.success).toHaveBeenLastCalledWith("Status Updated", "Payment has been approved");

    act(() => root.render(<Result result={{ ok: false, error: "This payment has already been reviewed" }} />));
    expect(notify.error).toHaveBeenLastCalledWith("This payment has already been reviewed");

    act(() => root.render(<Result result={{ status: "error", error: { "": null, title: ["Title is required"] } }} />));
    expect(notify.error).toHaveBeenLastCalledWith("Title is required", "Validation Error");
  });
});

describe("toastFirstError", () => {
  it("lets a form word the toast from the first error's field and message (a card's label before it)", async () => {
    const { toastFirstError } = await import("./use-validated-form");
    toastFirstError(
      { "domain.title": [], "hosting.pin": ["PIN must be less than 50 characters"], "website.pin": ["later"] },
      "Validation Error",
      [],
      (message, field) => `${field.split(".")[0]}: ${message}`,
    );
    expect(notify.error).toHaveBeenCalledExactlyOnceWith(
      "hosting: PIN must be less than 50 characters",
      "Validation Error",
    );
  });
});

// @vitest-environment happy-dom
import { act, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { inLanguage } from "~/lib/i18n/test-i18n";
import { AddressFields } from "~/features/information/components/information-fields";
import { refusePickedFiles } from "./image-upload-field";
import { TextListInput } from "./text-list-input";

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

const MB = 1024 * 1024;
const file = (name: string, size: number, type = "image/png") => new File([new Uint8Array(size)], name, { type });

describe("the browser's checks on picked images", () => {
  it("refuses a file that is not an image", () => {
    expect(refusePickedFiles("website-logo", [file("a.pdf", 10, "application/pdf")], 0, {})).toBe(true);
    expect(notify.error).toHaveBeenCalledWith("Please select an image file");
  });

  it("refuses a Google logo over 5MB as 'File too large' / 'Logo must be less than 5MB'", () => {
    expect(refusePickedFiles("google-logo", [file("logo.png", 5 * MB + 1)], 0, { tooLarge: "File too large" })).toBe(
      true,
    );
    expect(notify.error).toHaveBeenCalledWith("Logo must be less than 5MB", "File too large");
  });

  it("refuses a website upload over 5MB with 'File size must be less than 5MB'", () => {
    expect(refusePickedFiles("founder-photo", [file("me.png", 5 * MB + 1)], 0, {})).toBe(true);
    expect(notify.error).toHaveBeenCalledWith("File size must be less than 5MB", undefined);
  });

  it("counts saved plus new photos: 'Too many photos' / 'You can only upload N more photo(s)'", () => {
    const three = [file("1.png", 10), file("2.png", 10), file("3.png", 10)];
    expect(refusePickedFiles("google-photo", three, 4, { tooMany: "Too many photos" })).toBe(true);
    expect(notify.error).toHaveBeenCalledWith("You can only upload 2 more photo(s)", "Too many photos");
    notify.error.mockClear();
    expect(refusePickedFiles("google-photo", three.slice(0, 2), 4, { tooMany: "Too many photos" })).toBe(false);
    expect(notify.error).not.toHaveBeenCalled();
  });
});

function Cities({ unique }: { unique: boolean }) {
  const [values, setValues] = useState<string[]>([]);
  const clean = (list: readonly string[]) => {
    const seen = new Set<string>();
    return list
      .map((value) => value.trim())
      .filter((value) => value && (!unique || (!seen.has(value.toLowerCase()) && seen.add(value.toLowerCase()))));
  };
  return (
    <form>
      <TextListInput
        field={{ id: "cities", name: "serviceCities", errorId: "cities-error", errors: [] }}
        label="Service City"
        values={values}
        onChange={setValues}
        clean={clean}
      />
    </form>
  );
}

function typeAndAdd(text: string) {
  const input = container.querySelector<HTMLInputElement>("#cities")!;
  act(() => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
    setter.call(input, text);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  act(() => {
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
  });
}

describe("the list-of-text input", () => {
  it("adds with Enter, trims, ignores empties and (for a unique list) duplicates, sends indexed fields, removes by button", () => {
    act(() => root.render(inLanguage(<Cities unique />)));
    typeAndAdd("  Miami ");
    typeAndAdd("");
    typeAndAdd("miami");
    typeAndAdd("Doral");
    const hidden = () =>
      [...container.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map((input) => [
        input.name,
        input.value,
      ]);
    expect(hidden()).toEqual([
      ["serviceCities[0]", "Miami"],
      ["serviceCities[1]", "Doral"],
    ]);
    const remove = container.querySelector<HTMLButtonElement>('button[aria-label="Remove Miami"]')!;
    act(() => remove.click());
    expect(hidden()).toEqual([["serviceCities[0]", "Doral"]]);
    // The typed text is cleared after each add.
    expect(container.querySelector<HTMLInputElement>("#cities")!.value).toBe("");
  });

  it("keeps duplicates when the list allows them", () => {
    act(() => root.render(inLanguage(<Cities unique={false} />)));
    typeAndAdd("Miami");
    typeAndAdd("Miami");
    expect(container.querySelectorAll('input[type="hidden"]')).toHaveLength(2);
  });
});

describe("the address's state", () => {
  const meta = (name: string) => ({ id: name, name, errorId: `${name}-error`, errors: [] });
  const fields = {
    address: meta("address"),
    aptSuite: meta("aptSuite"),
    city: meta("city"),
    state: meta("state"),
    zip: meta("zip"),
  };
  const select = () => container.querySelector<HTMLSelectElement>("select#state")!;

  it("is a select of the 50 states and DC after a 'choose' line, in the page's language", () => {
    act(() => root.render(inLanguage(<AddressFields fields={fields} info={null} />, "es")));
    expect(select().options).toHaveLength(52);
    expect(select().options[0]!.text).toBe("Elija un estado");
    expect(select().value).toBe("");
  });

  it("shows a state saved by name or in lower case as its code", () => {
    act(() => root.render(inLanguage(<AddressFields fields={fields} info={{ state: "florida" }} />)));
    expect(select().value).toBe("FL");
  });

  it("keeps a state saved as free text before the select as its own option, chosen, so saving again keeps it", () => {
    act(() => root.render(inLanguage(<AddressFields fields={fields} info={{ state: "Ontario" }} />)));
    expect(select().value).toBe("Ontario");
    expect(select().options).toHaveLength(53);
  });
});

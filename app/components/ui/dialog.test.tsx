// @vitest-environment happy-dom
import { act, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { inLanguage } from "~/lib/i18n/test-i18n";
import { Dialog, DialogContent, useFocusReturn } from "./dialog";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

/** A dialog rendered only while open, as the Invite member and New code dialogs are. */
function Opener() {
  const [open, setOpen] = useState(false);
  const opener = useFocusReturn(open);
  return (
    <>
      <button ref={opener} type="button" onClick={() => setOpen(true)}>
        Invite member
      </button>
      {open ? (
        <Dialog open onOpenChange={(next) => !next && setOpen(false)}>
          <DialogContent title="Invite member" description="They receive an e-mail.">
            <button type="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}

describe("a dialog rendered only while open", () => {
  it("gives the focus back to the button that opened it when it closes", async () => {
    act(() => root.render(inLanguage(<Opener />)));
    const opener = container.querySelector("button")!;
    await act(async () => opener.click());
    const cancel = [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].find(
      (button) => button.textContent === "Cancel",
    )!;
    await act(async () => cancel.click());
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

/**
 * The industry dialogs of the pre-rendered landing page, without React. Each card's button (`data-industry`) shows
 * a copy of its dialog's template (components/industry-dialog-body.tsx) and does what Radix's modal dialog does in
 * the React page: the rest of the page is out of reach (inert) and does not scroll, focus goes to the first button
 * inside and Tab cycles inside, Escape, the close buttons and a click on the overlay close it, and focus goes back
 * to the card.
 */

/** Wires every industry card of `root`; the returned function undoes it (and closes an open dialog). */
export function enhanceIndustryDialogs(root: ParentNode = document): () => void {
  let close: (() => void) | null = null;
  const triggers = [...root.querySelectorAll<HTMLElement>("[data-industry]")];
  const onClick = (event: Event) => {
    const trigger = event.currentTarget as HTMLElement;
    if (close) return;
    const template = [...root.querySelectorAll<HTMLTemplateElement>("template[data-industry-dialog]")].find(
      (candidate) => candidate.dataset.industryDialog === trigger.dataset.industry,
    );
    if (!template) return;
    close = openDialog(template, trigger, () => {
      close = null;
    });
  };
  for (const trigger of triggers) trigger.addEventListener("click", onClick);
  return () => {
    close?.();
    for (const trigger of triggers) trigger.removeEventListener("click", onClick);
  };
}

/** Shows a copy of `template`'s dialog; returns the function that closes it. */
function openDialog(template: HTMLTemplateElement, trigger: HTMLElement, onClosed: () => void): () => void {
  const doc = trigger.ownerDocument;
  const body = doc.body;
  const layer = template.content.cloneNode(true) as DocumentFragment;
  const dialog = layer.querySelector<HTMLElement>('[role="dialog"]');
  if (!dialog) return () => {};
  const nodes = [...layer.children];

  // Everything else on the page is out of reach of focus, the pointer and assistive technology while it is open.
  const hidden = [...body.children].filter((element) => !element.hasAttribute("inert"));
  for (const element of hidden) element.setAttribute("inert", "");
  // The page behind does not scroll; its scroll bar's room is kept so nothing shifts sideways.
  const scrollBar = (doc.defaultView?.innerWidth ?? 0) - doc.documentElement.clientWidth;
  const bodyStyle = { overflow: body.style.overflow, marginRight: body.style.marginRight };
  body.style.overflow = "hidden";
  if (scrollBar > 0) body.style.marginRight = `${scrollBar}px`;
  body.append(layer);

  let lastFocused: HTMLElement = dialog;
  // As Radix: the first button, not a link, else the dialog itself.
  const first = tabbables(dialog).find((element) => element.tagName !== "A");
  if (first) focus(first);
  if (!first || doc.activeElement !== first) focus(dialog);

  let closed = false;
  function close() {
    if (closed) return;
    closed = true;
    doc.removeEventListener("keydown", onKeyDown, true);
    doc.removeEventListener("focusin", onFocusIn);
    doc.removeEventListener("pointerdown", onPointerDown);
    doc.removeEventListener("click", onClickOutside);
    for (const node of nodes) node.remove();
    for (const element of hidden) element.removeAttribute("inert");
    body.style.overflow = bodyStyle.overflow;
    body.style.marginRight = bodyStyle.marginRight;
    focus(trigger);
    onClosed();
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape") {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== "Tab" || event.altKey || event.ctrlKey || event.metaKey) return;
    const inside = tabbables(dialog!);
    const active = doc.activeElement;
    if (inside.length === 0) {
      event.preventDefault();
      return;
    }
    const [firstInside, lastInside] = [inside[0]!, inside[inside.length - 1]!];
    if (!event.shiftKey && (active === lastInside || active === dialog)) {
      event.preventDefault();
      focus(firstInside);
    } else if (event.shiftKey && (active === firstInside || active === dialog)) {
      event.preventDefault();
      focus(lastInside);
    }
  }

  // Focus that gets out (from the browser's own controls, say) is brought back to where it was inside.
  function onFocusIn(event: FocusEvent) {
    const target = event.target;
    if (target instanceof HTMLElement && dialog!.contains(target)) lastFocused = target;
    else focus(lastFocused);
  }

  // A press outside the dialog (on the overlay) closes it; a right click does not. A touch closes on its click,
  // so a scroll that starts outside does not.
  let touchPending = false;
  function onPointerDown(event: PointerEvent) {
    if (!(event.target instanceof Node) || dialog!.contains(event.target)) return;
    if (event.button === 2 || (event.button === 0 && event.ctrlKey)) return;
    if (event.pointerType === "touch") touchPending = true;
    else close();
  }
  function onClickOutside(event: MouseEvent) {
    if (!touchPending) return;
    touchPending = false;
    if (event.target instanceof Node && !dialog!.contains(event.target)) close();
  }

  doc.addEventListener("keydown", onKeyDown, true);
  doc.addEventListener("focusin", onFocusIn);
  doc.addEventListener("pointerdown", onPointerDown);
  doc.addEventListener("click", onClickOutside);
  for (const button of dialog.querySelectorAll<HTMLElement>("[data-dialog-close]"))
    button.addEventListener("click", close);
  return close;
}

/** The elements Tab reaches inside `container`, in order. */
function tabbables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [tabindex]")].filter(
    (element) =>
      element.tabIndex >= 0 &&
      !(element as HTMLButtonElement).disabled &&
      !element.hidden &&
      !(element instanceof HTMLInputElement && element.type === "hidden"),
  );
}

function focus(element: HTMLElement) {
  element.focus({ preventScroll: true });
}

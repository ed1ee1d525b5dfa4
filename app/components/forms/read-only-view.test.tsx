import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { inLanguage } from "~/lib/i18n/test-i18n";
import { ImageThumbnails } from "./read-only-view";

const logo = { url: "/files/logo.png", thumbnailUrl: "/files/logo-thumb.png" };

describe("saved images in a read-only view", () => {
  it("offer their download and full-size links in the page's language, not English around a Spanish name", () => {
    const spanish = renderToString(inLanguage(<ImageThumbnails images={[logo]} label="Logotipo" />, "es"));
    expect(spanish).toContain("Descargar Logotipo");
    expect(spanish).toContain('alt="Logotipo (abrir a tamaño completo)"');
    expect(spanish).not.toContain("Download");
    const english = renderToString(inLanguage(<ImageThumbnails images={[logo, logo]} label="Photo" />, "en"));
    expect(english).toContain("Download Photo 2");
  });
});

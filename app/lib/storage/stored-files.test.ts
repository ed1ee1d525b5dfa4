import { describe, expect, it } from "vitest";
import { keyFromFileUrl, storedImageView } from "./stored-files";

describe("stored file URLs", () => {
  it("gives a stored file's key from its URL, for the kind's bucket only", () => {
    expect(keyFromFileUrl("google-photo", "/files/google-business-photos/u1/photo_1_a.jpg")).toBe("u1/photo_1_a.jpg");
    expect(keyFromFileUrl("google-photo", "/files/business-logos/u1/photo_1_a.jpg")).toBeNull();
    expect(keyFromFileUrl("google-photo", "/files/google-business-photos/../x")).toBeNull();
    expect(keyFromFileUrl("google-photo", "https://elsewhere/files/google-business-photos/u1/a.jpg")).toBeNull();
  });

  it("puts the thumbnail beside the file", () => {
    expect(storedImageView("/files/business-logos/u1/google-logo_1_a.png")).toEqual({
      url: "/files/business-logos/u1/google-logo_1_a.png",
      thumbnailUrl: "/files/business-logos/u1/google-logo_1_a.thumb.webp",
    });
  });
});

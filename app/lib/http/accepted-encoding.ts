/** The best compression a request's Accept-Encoding allows of the two the server stores bodies in, if any. */
export function acceptedEncoding(header: string | null): "br" | "gzip" | null {
  const accepted = new Set(
    (header ?? "")
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, q]) => q?.trim() !== "q=0")
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return null;
}

import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as enMessages } from "~/locales/en/messages.po";
import { messages as esMessages } from "~/locales/es/messages.po";
import { summarize } from "~/features/activity/activity-views";
import { renderNotification } from "~/features/notifications/notification-texts";
import { AppError, refusalMessage } from "~/lib/http/app-error";

const en = setupI18n({ locale: "en", messages: { en: enMessages } });
const es = setupI18n({ locale: "es", messages: { es: esMessages } });
const ready = (withSecrets: boolean) => ({
  type: "data_export_ready",
  data: { withSecrets },
  title: "stored",
  message: "stored",
});

describe("the data export's words, in the reader's language", () => {
  it("tells the customer their export is ready, where to get it, for how long, and to keep it safe when it holds passwords", () => {
    expect(renderNotification(en, ready(false))).toEqual({
      title: "Your data is ready to download",
      message: "Download it from your Profile page within 24 hours; then the file is deleted.",
      href: "/dashboard/profile",
    });
    expect(renderNotification(en, ready(true)).message).toMatch(
      /It includes the passwords you stored with us: keep it somewhere safe\.$/,
    );
    expect(renderNotification(es, ready(false))).toEqual({
      title: "Sus datos están listos para descargar",
      message: "Descárguelos desde su página de Perfil en las próximas 24 horas; después el archivo se elimina.",
      href: "/dashboard/profile",
    });
    expect(renderNotification(es, ready(true)).message).toMatch(/Incluye las contraseñas que guardó con nosotros/);
  });

  it("refuses a second export of the day, and an expired download, in Spanish too", () => {
    expect(refusalMessage(new AppError("data_export_daily_limit"), es)).toBe(
      "Puede exportar sus datos una vez al día. Vuelva a intentarlo 24 horas después de su última exportación.",
    );
    expect(refusalMessage(new AppError("data_export_expired"), en)).toMatch(/^This download has expired/);
    expect(refusalMessage(new AppError("password_confirm_rate_limited"), es)).toMatch(
      /^Demasiadas contraseñas incorrectas/,
    );
  });

  it("names a data export with secrets in the activity log as a reveal of every stored password", () => {
    expect(summarize("secret.reveal", { kind: "data_export", id: "e-1" })).toBe(
      "Every stored password, in their data export",
    );
    expect(summarize("secret.reveal", { kind: "data_export", id: "e-1" }, (d) => es._(d))).toBe(
      "Todas las contraseñas guardadas, en su exportación de datos",
    );
  });
});

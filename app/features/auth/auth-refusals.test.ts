import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { ACCOUNT_DEACTIVATED, ACCOUNT_LOCKED } from "~/lib/auth/auth-codes";
import { messages as en } from "~/locales/en/messages.po";
import { messages as es } from "~/locales/es/messages.po";
import { loginErrorMessage, resetPasswordErrorMessage, signupErrorMessage } from "./auth-refusals";

const english = setupI18n({ locale: "en", messages: { en } });
const spanish = setupI18n({ locale: "es", messages: { es } });
// What the auth handler answers a sign-in to a locked account with (its status, code and data).
const locked = { code: ACCOUNT_LOCKED, status: 423, values: { minutes: 15 } };

describe("the sign-in forms' messages", () => {
  it("word each refusal from its code, whatever Better Auth's message says", () => {
    const wrong = { code: "INVALID_EMAIL_OR_PASSWORD", status: 401, message: "Invalid email or password" };
    expect(loginErrorMessage(wrong, english)).toBe("Incorrect email or password");
    expect(loginErrorMessage({ status: 429, message: "Too many requests." }, english)).toBe(
      "Too many attempts. Please wait a minute and try again.",
    );
    expect(loginErrorMessage({ code: ACCOUNT_DEACTIVATED, status: 403 }, english)).toBe(
      "This account has been deactivated. Ask an admin of your team.",
    );
    expect(loginErrorMessage({ status: 500, message: "Internal" }, english)).toBe("Error logging in");
    expect(loginErrorMessage(null, english)).toBe("Error logging in");
  });

  it("say how long a lock lasts from the refusal's data", () => {
    expect(loginErrorMessage(locked, english)).toBe(
      "Too many failed sign-ins: this account is locked for 15 minutes. Please try again later.",
    );
    expect(loginErrorMessage({ ...locked, values: { minutes: 30 } }, english)).toMatch(/locked for 30 minutes/);
  });

  it("word the lockout in Spanish for a Spanish page, with its minutes", () => {
    expect(loginErrorMessage(locked, spanish)).toBe(
      "Demasiados intentos fallidos: esta cuenta está bloqueada durante 15 minutos. Vuelva a intentarlo más tarde.",
    );
  });

  it("word the other refusals in Spanish too", () => {
    expect(loginErrorMessage({ code: "INVALID_EMAIL_OR_PASSWORD", status: 401 }, spanish)).toBe(
      "Correo o contraseña incorrectos",
    );
    expect(loginErrorMessage({ status: 429 }, spanish)).toBe(
      "Demasiados intentos. Espere un minuto y vuelva a intentarlo.",
    );
  });
});

describe("the sign-up form's messages", () => {
  it("word an address that has an account, a common password and anything else", () => {
    expect(signupErrorMessage({ code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", status: 422 }, english)).toBe(
      "This email is already registered",
    );
    expect(signupErrorMessage({ code: "USER_ALREADY_EXISTS", status: 422 }, spanish)).toBe(
      "Este correo ya está registrado",
    );
    expect(signupErrorMessage({ code: "PASSWORD_TOO_COMMON", status: 400 }, english)).toBe(
      "This password is too common. Choose one that is harder to guess.",
    );
    expect(signupErrorMessage({ code: "SOMETHING_ELSE", status: 400 }, english)).toBe("Error creating account");
    expect(signupErrorMessage(null, spanish)).toBe("Error al crear la cuenta");
  });
});

describe("the reset form's messages", () => {
  it("word a spent link, a common password and too many tries from the code", () => {
    expect(resetPasswordErrorMessage({ code: "INVALID_TOKEN", status: 400 }, spanish)).toBe(
      "Este enlace no es válido o ya venció. Pida uno nuevo.",
    );
    expect(resetPasswordErrorMessage({ code: "USER_NOT_FOUND", status: 400 }, english)).toBe(
      "This reset link is invalid or has expired. Please ask for a new one.",
    );
    expect(resetPasswordErrorMessage({ status: 429 }, english)).toBe("Too many attempts. Please try again later.");
  });

  it("show the server's own message for a refusal without a code of theirs, else a general one", () => {
    expect(
      resetPasswordErrorMessage({ code: "PASSWORD_TOO_LONG", status: 400, message: "Password too long" }, english),
    ).toBe("Password too long");
    expect(resetPasswordErrorMessage({ status: 500 }, spanish)).toBe("Algo salió mal. Vuelva a intentarlo.");
  });
});

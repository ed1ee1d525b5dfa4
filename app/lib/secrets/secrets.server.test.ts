import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  formatEncryptedValue,
  isEncryptedValue,
  keyIdOf,
  parseEncryptedValue,
  parseMasterKey,
  parseMasterKeyList,
  SecretError,
  Secrets,
} from "./secrets.server";

const rawKey = () => randomBytes(32);
const keyring = (key = rawKey(), previous: Buffer[] = []) =>
  new Secrets(
    parseMasterKey(key.toString("base64")),
    previous.map((k) => parseMasterKey(k.toString("hex"))),
  );

function secretError(run: () => unknown): SecretError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SecretError);
    return error as SecretError;
  }
  throw new Error("expected a SecretError");
}

describe("parseMasterKey", () => {
  it("reads 32 bytes written as hex, base64 or base64url, with the same key id", () => {
    const key = rawKey();
    const fromHex = parseMasterKey(key.toString("hex"));
    const fromBase64 = parseMasterKey(`  ${key.toString("base64")}\n`);
    const fromBase64url = parseMasterKey(key.toString("base64url"));
    expect(fromHex.key.equals(key)).toBe(true);
    expect(fromBase64.key.equals(key)).toBe(true);
    expect(fromBase64url.key.equals(key)).toBe(true);
    expect(new Set([fromHex.id, fromBase64.id, fromBase64url.id]).size).toBe(1);
    expect(fromHex.id).toMatch(/^[0-9a-f]{16}$/);
  });

  it("refuses keys of another length or not in base64/hex, without echoing them", () => {
    for (const text of [
      "",
      "short",
      randomBytes(16).toString("hex"),
      randomBytes(31).toString("base64"),
      randomBytes(33).toString("base64"),
      "z".repeat(64),
      `${"A".repeat(42)}!!`,
    ]) {
      expect(() => parseMasterKey(text), text).toThrow(/must be 32 bytes, written as base64 or hex/);
    }
    try {
      parseMasterKey("my-secret-password");
    } catch (error) {
      expect((error as Error).message).not.toContain("my-secret-password");
    }
  });

  it("reads a comma-separated list of previous keys and ignores empty entries", () => {
    const a = rawKey();
    const b = rawKey();
    const list = parseMasterKeyList(` ${a.toString("hex")}, ,${b.toString("base64")},`);
    expect(list.map((key) => key.id)).toEqual([keyIdOf(a), keyIdOf(b)]);
    expect(parseMasterKeyList(undefined)).toEqual([]);
    expect(() => parseMasterKeyList(`${a.toString("hex")},nope`)).toThrow(/32 bytes/);
  });

  it("gives different keys different ids", () => {
    expect(keyIdOf(rawKey())).not.toBe(keyIdOf(rawKey()));
  });
});

describe("the stored format", () => {
  it("is v1:<keyId>:<7 base64url parts> and round-trips through parse and format", () => {
    const secrets = keyring();
    const stored = secrets.encrypt("hunter2");
    expect(stored).toMatch(/^v1:[0-9a-f]{16}:([A-Za-z0-9_-]*:){5}[A-Za-z0-9_-]+$/);
    expect(stored.split(":")[1]).toBe(secrets.keyId);
    expect(isEncryptedValue(stored)).toBe(true);
    const parts = parseEncryptedValue(stored);
    expect(parts.wrapIv).toHaveLength(12);
    expect(parts.wrappedKey).toHaveLength(32);
    expect(parts.wrapTag).toHaveLength(16);
    expect(parts.iv).toHaveLength(12);
    expect(parts.tag).toHaveLength(16);
    expect(formatEncryptedValue(parts)).toBe(stored);
  });

  it("tells plain values from encrypted ones", () => {
    const stored = keyring().encrypt("x");
    for (const plain of [
      "hunter2",
      "",
      "v1:",
      "v1:abc:def",
      stored.replace(/^v1/, "v2"),
      `${stored}:extra`,
      stored.slice(0, -1),
      ` ${stored}`,
    ]) {
      expect(isEncryptedValue(plain), plain).toBe(false);
      expect(secretError(() => parseEncryptedValue(plain)).message).toMatch(/not in the encrypted format/);
    }
  });
});

describe("Secrets", () => {
  it("decrypts what it encrypted: any text, empty, unicode, the longest credential details", () => {
    const secrets = keyring();
    for (const value of ["hunter2", "", "pässwörd ✓ 🔑", "x".repeat(1000), "v1:looks:like:a:value"]) {
      expect(secrets.decrypt(secrets.encrypt(value))).toBe(value);
    }
  });

  it("never gives the same text twice for one value (fresh data key and nonces) and never contains the value", () => {
    const secrets = keyring();
    const first = secrets.encrypt("same value");
    const second = secrets.encrypt("same value");
    expect(first).not.toBe(second);
    expect(parseEncryptedValue(first).iv.equals(parseEncryptedValue(second).iv)).toBe(false);
    expect(first).not.toContain("same value");
    expect(first).not.toContain(Buffer.from("same value").toString("base64url"));
  });

  it("refuses a value made with another key, naming that key id, instead of returning garbage", () => {
    const writer = keyring();
    const stored = writer.encrypt("hunter2");
    const reader = keyring();
    const error = secretError(() => reader.decrypt(stored));
    expect(error.keyId).toBe(writer.keyId);
    expect(error.message).toContain(`key id ${writer.keyId}`);
    expect(error.message).toContain(reader.keyId);
    expect(error.message).toContain("CREDENTIALS_PREVIOUS_KEYS");
    expect(error.message).not.toContain("hunter2");
  });

  it("refuses an altered value (ciphertext, tag, wrapped key or a swapped key id) with an error naming the key id", () => {
    const secrets = keyring();
    const stored = secrets.encrypt("hunter2");
    const parts = parseEncryptedValue(stored);
    const flip = (bytes: Buffer) => {
      const copy = Buffer.from(bytes);
      copy[0] = copy[0]! ^ 1;
      return copy;
    };
    const altered = [
      formatEncryptedValue({ ...parts, ciphertext: flip(parts.ciphertext) }),
      formatEncryptedValue({ ...parts, tag: flip(parts.tag) }),
      formatEncryptedValue({ ...parts, wrappedKey: flip(parts.wrappedKey) }),
      formatEncryptedValue({ ...parts, iv: flip(parts.iv) }),
    ];
    for (const value of altered) {
      const error = secretError(() => secrets.decrypt(value));
      expect(error.keyId).toBe(secrets.keyId);
      expect(error.message).toContain(secrets.keyId);
    }
    // Another value's data key and ciphertext under the right key id still do not open with each other's parts.
    const other = parseEncryptedValue(secrets.encrypt("other"));
    secretError(() =>
      secrets.decrypt(formatEncryptedValue({ ...parts, ciphertext: other.ciphertext, tag: other.tag })),
    );
  });

  it("refuses to decrypt a plain value rather than passing it through", () => {
    expect(secretError(() => keyring().decrypt("hunter2")).message).toMatch(/not in the encrypted format/);
  });

  it("decrypts with previous keys, encrypts only with the current one, and rewraps under it", () => {
    const oldKey = rawKey();
    const old = keyring(oldKey);
    const stored = old.encrypt("hunter2");
    const rotated = keyring(rawKey(), [oldKey]);
    expect(rotated.decrypt(stored)).toBe("hunter2");
    expect(rotated.isCurrent(stored)).toBe(false);
    expect(parseEncryptedValue(rotated.encrypt("new")).keyId).toBe(rotated.keyId);

    const rewrapped = rotated.rewrap(stored);
    expect(parseEncryptedValue(rewrapped).keyId).toBe(rotated.keyId);
    expect(rotated.isCurrent(rewrapped)).toBe(true);
    expect(rotated.rewrap(rewrapped)).toBe(rewrapped);
    // The value's own ciphertext is kept; only its data key's wrapping changed.
    expect(parseEncryptedValue(rewrapped).ciphertext.equals(parseEncryptedValue(stored).ciphertext)).toBe(true);
    expect(rotated.decrypt(rewrapped)).toBe("hunter2");
    expect(secretError(() => old.decrypt(rewrapped)).keyId).toBe(rotated.keyId);
  });

  it("reads its keys from the settings and names the setting when one is wrong", () => {
    const current = rawKey();
    const previous = rawKey();
    const secrets = Secrets.fromSettings(current.toString("base64"), `${previous.toString("hex")}`);
    expect(secrets.keyId).toBe(keyIdOf(current));
    expect(() => Secrets.fromSettings("nope")).toThrow(/^CREDENTIALS_KEY must be 32 bytes/);
    expect(() => Secrets.fromSettings(current.toString("hex"), "nope")).toThrow(/^CREDENTIALS_PREVIOUS_KEYS: each/);
  });
});

import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Secrets at rest (Gmail password, credential passwords, PINs and details): AES-256-GCM envelope encryption.
 *
 * Each value gets a random 256-bit data key that encrypts it; the data key is itself encrypted ("wrapped")
 * with the master key from CREDENTIALS_KEY. The stored text names the master key by its id, so a key can be
 * rotated: older keys listed in CREDENTIALS_PREVIOUS_KEYS still open what they wrapped, and rotation re-wraps
 * every data key under the current one. The format is plain text in the same text column:
 *
 *   v1:<keyId>:<wrapIv>:<wrappedDataKey>:<wrapTag>:<iv>:<ciphertext>:<tag>
 *
 * keyId is 16 hex digits (a fingerprint of the master key, so it needs no configuration); every other part is
 * unpadded base64url. A value that does not open is refused with an error naming the key id, never returned.
 */

const SECRET_FORMAT_VERSION = "v1";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

const b64 = (length: number) => `[A-Za-z0-9_-]{${length}}`;
/** 12 bytes -> 16 characters, 16 bytes -> 22, 32 bytes -> 43 (unpadded base64url). */
const FORMAT = new RegExp(
  `^v1:([0-9a-f]{16}):(${b64(16)}):(${b64(43)}):(${b64(22)}):(${b64(16)}):([A-Za-z0-9_-]*):(${b64(22)})$`,
);

/** Why a stored secret could not be read: always names the key id it was made with, never the value. */
export class SecretError extends Error {
  constructor(
    message: string,
    readonly keyId: string | null,
  ) {
    super(message);
    this.name = "SecretError";
  }
}

export interface MasterKey {
  id: string;
  key: Buffer;
}

export const MASTER_KEY_HINT = "must be 32 bytes, written as base64 or hex (make one with: openssl rand -base64 32)";

/** A master key as the settings give it: 64 hex digits, or base64 / base64url of 32 bytes. */
export function parseMasterKey(text: string): MasterKey {
  const trimmed = text.trim();
  let key: Buffer | undefined;
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) key = Buffer.from(trimmed, "hex");
  else if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(trimmed)) key = Buffer.from(trimmed, "base64");
  if (!key || key.length !== KEY_BYTES) throw new Error(MASTER_KEY_HINT);
  return { id: keyIdOf(key), key };
}

export function isValidMasterKey(text: string): boolean {
  try {
    parseMasterKey(text);
    return true;
  } catch {
    return false;
  }
}

/** A comma-separated list of keys (CREDENTIALS_PREVIOUS_KEYS); empty entries are ignored. */
export function parseMasterKeyList(text: string | undefined): MasterKey[] {
  return (text ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map(parseMasterKey);
}

/** The key's fingerprint: stored with every value, safe to print, reveals nothing about the key. */
export function keyIdOf(key: Buffer): string {
  return createHash("sha256").update("agency-credentials-key-id\0").update(key).digest("hex").slice(0, 16);
}

export interface EncryptedParts {
  keyId: string;
  wrapIv: Buffer;
  wrappedKey: Buffer;
  wrapTag: Buffer;
  iv: Buffer;
  ciphertext: Buffer;
  tag: Buffer;
}

/** Whether a stored value is in the encrypted format (as opposed to a plain value written before it). */
export function isEncryptedValue(value: string): boolean {
  return FORMAT.test(value);
}

export function parseEncryptedValue(value: string): EncryptedParts {
  const match = FORMAT.exec(value);
  if (!match) {
    throw new SecretError(
      `Cannot decrypt a stored secret: it is not in the encrypted format (${SECRET_FORMAT_VERSION}:<keyId>:...)`,
      null,
    );
  }
  const [, keyId, wrapIv, wrappedKey, wrapTag, iv, ciphertext, tag] = match as unknown as string[];
  const bytes = (part: string | undefined) => Buffer.from(part ?? "", "base64url");
  return {
    keyId: keyId!,
    wrapIv: bytes(wrapIv),
    wrappedKey: bytes(wrappedKey),
    wrapTag: bytes(wrapTag),
    iv: bytes(iv),
    ciphertext: bytes(ciphertext),
    tag: bytes(tag),
  };
}

export function formatEncryptedValue(parts: EncryptedParts): string {
  const text = (bytes: Buffer) => bytes.toString("base64url");
  return [
    SECRET_FORMAT_VERSION,
    parts.keyId,
    text(parts.wrapIv),
    text(parts.wrappedKey),
    text(parts.wrapTag),
    text(parts.iv),
    text(parts.ciphertext),
    text(parts.tag),
  ].join(":");
}

/** The data key's ciphertext is bound to the master key id; the value's to the format version. */
const wrapAad = (keyId: string) => Buffer.from(`${SECRET_FORMAT_VERSION}:${keyId}:data-key`);
const DATA_AAD = Buffer.from(`${SECRET_FORMAT_VERSION}:value`);

function seal(key: Buffer, plaintext: Buffer, aad: Buffer): { iv: Buffer; ciphertext: Buffer; tag: Buffer } {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, ciphertext, tag: cipher.getAuthTag() };
}

function open(key: Buffer, iv: Buffer, ciphertext: Buffer, tag: Buffer, aad: Buffer): Buffer {
  const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
}

/**
 * The keyring: the current master key encrypts, every configured key decrypts. The only way a secret is
 * written is `encrypt` (or `encryptSecret`), and the only way one is read is `decrypt`.
 */
export class Secrets {
  readonly current: MasterKey;
  private readonly keys: Map<string, MasterKey>;

  constructor(current: MasterKey, previous: MasterKey[] = []) {
    this.current = current;
    this.keys = new Map([...previous, current].map((key) => [key.id, key]));
  }

  /** From the settings' texts: CREDENTIALS_KEY and CREDENTIALS_PREVIOUS_KEYS. */
  static fromSettings(currentKey: string, previousKeys?: string): Secrets {
    let current: MasterKey;
    let previous: MasterKey[];
    try {
      current = parseMasterKey(currentKey);
    } catch {
      throw new Error(`CREDENTIALS_KEY ${MASTER_KEY_HINT}`);
    }
    try {
      previous = parseMasterKeyList(previousKeys);
    } catch {
      throw new Error(`CREDENTIALS_PREVIOUS_KEYS: each comma-separated key ${MASTER_KEY_HINT}`);
    }
    return new Secrets(current, previous);
  }

  get keyId(): string {
    return this.current.id;
  }

  encrypt(plaintext: string): string {
    const dataKey = randomBytes(KEY_BYTES);
    try {
      const data = seal(dataKey, Buffer.from(plaintext, "utf8"), DATA_AAD);
      const wrapped = seal(this.current.key, dataKey, wrapAad(this.current.id));
      return formatEncryptedValue({
        keyId: this.current.id,
        wrapIv: wrapped.iv,
        wrappedKey: wrapped.ciphertext,
        wrapTag: wrapped.tag,
        ...data,
      });
    } finally {
      dataKey.fill(0);
    }
  }

  decrypt(stored: string): string {
    const parts = parseEncryptedValue(stored);
    const dataKey = this.unwrap(parts);
    try {
      return open(dataKey, parts.iv, parts.ciphertext, parts.tag, DATA_AAD).toString("utf8");
    } catch {
      throw new SecretError(
        `Cannot decrypt a stored secret under key id ${parts.keyId}: the value was altered or is damaged`,
        parts.keyId,
      );
    } finally {
      dataKey.fill(0);
    }
  }

  /** Whether a stored value is already encrypted under the current master key. */
  isCurrent(stored: string): boolean {
    return isEncryptedValue(stored) && parseEncryptedValue(stored).keyId === this.current.id;
  }

  /** The same value with its data key wrapped by the current master key; the value's ciphertext is kept. */
  rewrap(stored: string): string {
    const parts = parseEncryptedValue(stored);
    if (parts.keyId === this.current.id) return stored;
    const dataKey = this.unwrap(parts);
    try {
      // Prove the data key opens the value before the old wrapping is thrown away.
      open(dataKey, parts.iv, parts.ciphertext, parts.tag, DATA_AAD);
      const wrapped = seal(this.current.key, dataKey, wrapAad(this.current.id));
      return formatEncryptedValue({
        ...parts,
        keyId: this.current.id,
        wrapIv: wrapped.iv,
        wrappedKey: wrapped.ciphertext,
        wrapTag: wrapped.tag,
      });
    } catch (error) {
      if (error instanceof SecretError) throw error;
      throw new SecretError(
        `Cannot re-encrypt a stored secret under key id ${parts.keyId}: the value was altered or is damaged`,
        parts.keyId,
      );
    } finally {
      dataKey.fill(0);
    }
  }

  private unwrap(parts: EncryptedParts): Buffer {
    const master = this.keys.get(parts.keyId);
    if (!master) {
      throw new SecretError(
        `Cannot decrypt a stored secret: it was encrypted with key id ${parts.keyId}, which is neither ` +
          `CREDENTIALS_KEY (key id ${this.current.id}) nor one of CREDENTIALS_PREVIOUS_KEYS. ` +
          "Configure the key it was made with (as CREDENTIALS_PREVIOUS_KEYS) to read it.",
        parts.keyId,
      );
    }
    try {
      return open(master.key, parts.wrapIv, parts.wrappedKey, parts.wrapTag, wrapAad(parts.keyId));
    } catch {
      throw new SecretError(
        `Cannot decrypt a stored secret: its data key does not open with key id ${parts.keyId} (altered or damaged)`,
        parts.keyId,
      );
    }
  }
}

/** The one way a secret is written: its stored text, encrypted under the current key. */
export function encryptSecret(secrets: Secrets, plaintext: string): string {
  return secrets.encrypt(plaintext);
}

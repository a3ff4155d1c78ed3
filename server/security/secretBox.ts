import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { ServerContext } from '../context';

/**
 * The server's store of credentials it must use again (one's outside mail password): sealed with
 * AES-256-GCM under a key only the server holds, so a copy of the database (a backup, a dump, a
 * read-only database account) does not give the passwords away. A sealed value is
 * `v1:` + base64(12-byte IV | 16-byte tag | ciphertext); the version names the scheme, so a later
 * one can be told apart. Values are opened only where they are used (an SMTP or IMAP login) and
 * never answered to a browser.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** The clear text of a sealed value; throws SecretUnreadable when it was sealed under another key or altered. */
  open(sealed: string): string;
  isSealed(value: string): boolean;
}

/** A stored secret this server cannot open: another server's key, or a value changed in the database. */
export class SecretUnreadable extends Error {
  constructor() {
    super('the stored secret cannot be opened with this server\'s key (SECRET_KEY or <DATA_DIR>/secret.key changed?)');
    this.name = 'SecretUnreadable';
  }
}

const PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Base64 of at least the IV and the tag. */
const SEALED = /^v1:[A-Za-z0-9+/]{38,}={0,2}$/;

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('a secret box needs a 256-bit key');
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed) {
      if (!SEALED.test(sealed)) throw new SecretUnreadable();
      const bytes = Buffer.from(sealed.slice(PREFIX.length), 'base64');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretUnreadable();
      }
    },
    isSealed(value) {
      return SEALED.test(value);
    },
  };
}

export const SECRET_KEY_FILE = 'secret.key';

/**
 * The key: SECRET_KEY when set, else `<dataDir>/secret.key`, written with a new random key at the
 * first start (readable by the server's user alone). Two processes starting at once on one folder
 * agree: the file is created exclusively, and the loser reads the winner's.
 */
export function loadSecretKey(secretKey: string | undefined, dataDir: string): Buffer {
  if (secretKey) return Buffer.from(secretKey, 'hex');
  const file = path.join(dataDir, SECRET_KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const text = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/i.test(text)) throw new Error(`${file} must hold 64 hex digits (the key of the stored credentials); restore it or set SECRET_KEY`);
  return Buffer.from(text, 'hex');
}

const byContext = new WeakMap<ServerContext, SecretBox>();

/** This server's secret box, its key read once. */
export function secretBoxFor(ctx: ServerContext): SecretBox {
  let box = byContext.get(ctx);
  if (!box) {
    box = createSecretBox(loadSecretKey(ctx.config.secretKey, ctx.config.dataDir));
    byContext.set(ctx, box);
  }
  return box;
}

import { randomBytes } from 'node:crypto';
import { hashPassword, verifyPassword } from '../auth/passwords';

let decoy: Promise<string> | undefined;

/**
 * Spends on an unknown account (or one without a password) the time a real password check
 * takes, so the answer's delay does not tell which accounts exist. Always false.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(24).toString('base64'));
  await verifyPassword(password, await decoy);
  return false;
}

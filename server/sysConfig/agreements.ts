import type { ServerContext } from '../context';
import { ApiError } from '../http/ApiError';
import { readSystemSettings } from './readSystemSettings';

const AGREED = new Set(['1', 'true', 'on']);

/**
 * Registration needs the applicant's agreement (`agree=1`) to the service protocol and the user
 * notice — when the configuration has either text. Without texts there is nothing to agree to,
 * and the registration page shows no check box.
 */
export async function assertAgreementGiven(ctx: ServerContext, agree: unknown): Promise<void> {
  const { serviceProtocol, userNotice } = await readSystemSettings(ctx);
  if (serviceProtocol.trim() === '' && userNotice.trim() === '') return;
  if (!AGREED.has(String(agree ?? '').trim().toLowerCase())) throw ApiError.business('sysConfig.agreement.required');
}

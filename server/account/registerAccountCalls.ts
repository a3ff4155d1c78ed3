import type { FastifyInstance } from 'fastify';
import { callKey, type CallTable } from '../calls/CallHandler';
import type { ServerContext } from '../context';
import { registerSmsLoginCalls } from './smsLoginCalls';
import { registerRecoveryCalls } from './recoveryCalls';
import { approveRegistrationCall, registerRegistrationCalls, registrationEntity } from './registrationCalls';
import { registerLicenseCalls } from './licenseCalls';
import { registerEnterpriseRoutes } from './enterprise/enterpriseRoutes';
import { registerLoginLockCalls } from './loginLockCalls';

/**
 * Calls of this area: sign-in by SMS code, password recovery (phone code or e-mailed link),
 * registration with its status, software registration. SMS and mail go through the adapters of
 * server/adapters (the outbox unless SMS_GATEWAY_URL / SMTP_URL are set).
 */
export function registerAccountCalls(table: CallTable, ctx: ServerContext): void {
  registerSmsLoginCalls(table);
  registerRecoveryCalls(table);
  registerRegistrationCalls(table);
  registerLicenseCalls(table);
  // Approving a registration creates the user: a named handler in place of the generic transition.
  const registration = registrationEntity(ctx);
  const approve = registration.flow?.transitions.find((tr) => tr.name === 'approve');
  if (!approve) throw new Error('SysUserRegistration must have an approve transition');
  table.set(callKey('set', ctx.registry.modules.get(registration.module)!.base, approve.call), approveRegistrationCall(registration));
  // Password sign-in locks, seen and lifted by the security administrator.
  registerLoginLockCalls(table, ctx);
}

/** The enterprise registration routes, whose paths the spec puts outside /get and /set. */
export function registerAccountRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEnterpriseRoutes(app, ctx);
}

export type { SmsAdapter } from './SmsAdapter';
export { outboxSmsAdapter } from './outboxSms';
export { httpGatewaySmsAdapter } from './httpGatewaySms';
export { configuredSmsAdapter, type SmsProvider } from './configuredSms';

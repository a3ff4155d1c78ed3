/** Where SMS go: the outbox in development, an HTTP gateway when SMS_GATEWAY_URL is set. */
export interface SmsAdapter {
  /** 'outbox' or 'http', for logs and the README. */
  readonly kind: string;
  /** Resolves when the gateway accepted the message; rejects with a SendFailure otherwise. */
  send(phone: string, text: string): Promise<void>;
}

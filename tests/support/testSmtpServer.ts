import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface ReceivedSmtpMail {
  /** The account the client logged in as. */
  user: string;
  from: string;
  to: string[];
  mail: ParsedMail;
}

export interface TestSmtpServer {
  port: number;
  received: ReceivedSmtpMail[];
  close(): Promise<void>;
}

/**
 * An SMTP server on a local port (smtp-server) that asks for a login and keeps what it is sent,
 * parsed: the far end of one's own outside account in the tests. Plain text (no STARTTLS), as a
 * local test server can only be; the login is still required.
 */
export async function startTestSmtpServer(account: { user: string; pass: string }): Promise<TestSmtpServer> {
  const received: ReceivedSmtpMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, done) {
      if (auth.username === account.user && auth.password === account.pass) return done(null, { user: auth.username });
      const refusal = Object.assign(new Error('Invalid username or password'), { responseCode: 535 });
      return done(refusal);
    },
    onData(stream, session, done) {
      simpleParser(stream).then((mail) => {
        received.push({
          user: String(session.user ?? ''),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          mail,
        });
        done();
      }, done);
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

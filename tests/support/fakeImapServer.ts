import net from 'node:net';

/**
 * A small IMAP4rev1 server on a local port, for the tests of receiving mail
 * (server/adapters/mail/imapInbox.ts): the real client (imapflow) talks to it over a real socket.
 * One account, one mailbox (INBOX); it speaks what a fetch needs — CAPABILITY, LOGIN (quoted
 * strings and literals), SELECT/EXAMINE, UID FETCH of UID, RFC822.SIZE and BODY[] with
 * sequence sets as RFC 3501 reads them (`n:*` where n is past the last UID still names the last
 * message, the trap a client must step around), LIST, NOOP, LOGOUT — and answers anything else
 * BAD. No npm test server fitted: the one on offer pulls abandoned packages with known holes.
 */
export interface FakeMessage { uid: number; raw: string }

export interface FakeImapServer {
  port: number;
  /** Adds a message (the next UID) as a delivery would. */
  deliver(raw: string): number;
  /** A new UIDVALIDITY, as after the mailbox was rebuilt: every UID is new. */
  renumber(): void;
  /** The commands received, for asserting what the client asked (`UID FETCH 3:* (UID BODY.PEEK[])`). */
  commands: string[];
  close(): Promise<void>;
}

export async function startFakeImapServer(account: { user: string; pass: string }): Promise<FakeImapServer> {
  let messages: FakeMessage[] = [];
  let uidValidity = 1000;
  let uidNext = 1;
  const commands: string[] = [];
  const sockets = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = Buffer.alloc(0);
    let pending: { head: string; literals: string[]; need: number } | null = null;
    let selected = false;
    let authenticated = false;
    const send = (line: string | Buffer) => socket.write(line);

    const handle = (line: string, literals: string[]) => {
      commands.push(line);
      const [tag, rawCommand, ...rest] = tokens(line, literals);
      const command = (rawCommand ?? '').toUpperCase();
      const ok = (text: string) => send(`${tag} OK ${text}\r\n`);
      if (!tag || !rawCommand) return send('* BAD empty command\r\n');
      if (command === 'CAPABILITY') {
        send('* CAPABILITY IMAP4rev1 UIDPLUS\r\n');
        return ok('CAPABILITY completed');
      }
      if (command === 'NOOP') return ok('NOOP completed');
      if (command === 'LOGOUT') {
        send('* BYE logging out\r\n');
        ok('LOGOUT completed');
        return socket.end();
      }
      if (command === 'LOGIN') {
        if (rest[0] === account.user && rest[1] === account.pass) {
          authenticated = true;
          return ok('[CAPABILITY IMAP4rev1 UIDPLUS] LOGIN completed');
        }
        return send(`${tag} NO [AUTHENTICATIONFAILED] invalid credentials\r\n`);
      }
      if (!authenticated) return send(`${tag} BAD log in first\r\n`);
      if (command === 'LIST' || command === 'LSUB') {
        if (rest[1] === '') send('* LIST (\\Noselect) "/" ""\r\n');
        else send('* LIST (\\HasNoChildren) "/" INBOX\r\n');
        return ok('LIST completed');
      }
      if (command === 'SELECT' || command === 'EXAMINE') {
        if ((rest[0] ?? '').toUpperCase() !== 'INBOX') return send(`${tag} NO no such mailbox\r\n`);
        selected = true;
        send('* FLAGS (\\Seen \\Answered \\Flagged \\Deleted \\Draft)\r\n');
        send('* OK [PERMANENTFLAGS ()] no permanent flags\r\n');
        send(`* ${messages.length} EXISTS\r\n* 0 RECENT\r\n`);
        send(`* OK [UIDVALIDITY ${uidValidity}] UIDs valid\r\n* OK [UIDNEXT ${uidNext}] next UID\r\n`);
        return ok(`[${command === 'SELECT' ? 'READ-WRITE' : 'READ-ONLY'}] ${command} completed`);
      }
      if (command === 'UID' && (rest[0] ?? '').toUpperCase() === 'FETCH' && selected) {
        const items = line.slice(line.indexOf(rest[1]!) + rest[1]!.length).toUpperCase();
        const wanted = uidsIn(rest[1]!, messages.map((m) => m.uid));
        messages.forEach((message, index) => {
          if (!wanted.has(message.uid)) return;
          const parts = [`UID ${message.uid}`];
          if (items.includes('RFC822.SIZE')) parts.push(`RFC822.SIZE ${Buffer.byteLength(message.raw)}`);
          const body = items.includes('BODY.PEEK[]') || items.includes('BODY[]');
          send(`* ${index + 1} FETCH (${parts.join(' ')}${body ? ` BODY[] {${Buffer.byteLength(message.raw)}}\r\n` : ')\r\n'}`);
          if (body) send(`${message.raw})\r\n`);
        });
        return ok('UID FETCH completed');
      }
      send(`${tag} BAD ${command} is not supported here\r\n`);
    };

    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (pending && pending.need > 0) {
          if (buffer.length < pending.need) return;
          pending.literals.push(buffer.subarray(0, pending.need).toString('utf8'));
          buffer = buffer.subarray(pending.need);
          pending.need = 0;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const text = buffer.subarray(0, end).toString('utf8');
        buffer = buffer.subarray(end + 2);
        const head = pending ? `${pending.head}\u0000${text}` : text;
        const literal = /\{(\d+)(\+?)\}$/.exec(text);
        if (literal) {
          // A synchronising literal waits for "+"; LITERAL+ is not offered, so every literal is one.
          pending = { head: head.slice(0, head.length - literal[0].length), literals: pending?.literals ?? [], need: Number(literal[1]) };
          send('+ go ahead\r\n');
          continue;
        }
        const literals = pending?.literals ?? [];
        pending = null;
        handle(head, literals);
      }
    });
    send('* OK [CAPABILITY IMAP4rev1 UIDPLUS] fake IMAP ready\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    commands,
    deliver(raw) {
      const uid = uidNext;
      uidNext += 1;
      messages.push({ uid, raw: raw.replace(/\r?\n/g, '\r\n') });
      return uid;
    },
    renumber() {
      uidValidity += 1;
      messages = messages.map((m, i) => ({ ...m, uid: i + 1 }));
      uidNext = messages.length + 1;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A command line's words: atoms, quoted strings (with \" and \\), and literals (their text was
 * read after the line, marked by NUL where it stood).
 */
function tokens(line: string, literals: string[]): string[] {
  const out: string[] = [];
  let i = 0;
  let literal = 0;
  while (i < line.length) {
    const ch = line[i]!;
    if (ch === ' ') { i += 1; continue; }
    if (ch === '\u0000') { out.push(literals[literal] ?? ''); literal += 1; i += 1; continue; }
    if (ch === '"') {
      let value = '';
      i += 1;
      while (i < line.length && line[i] !== '"') {
        if (line[i] === '\\') i += 1;
        value += line[i] ?? '';
        i += 1;
      }
      out.push(value);
      i += 1;
      continue;
    }
    if (ch === '(') {
      // A parenthesised list stays one word (FETCH items).
      const close = line.indexOf(')', i);
      out.push(line.slice(i, close < 0 ? line.length : close + 1));
      i = close < 0 ? line.length : close + 1;
      continue;
    }
    let end = i;
    while (end < line.length && line[end] !== ' ' && line[end] !== '\u0000') end += 1;
    out.push(line.slice(i, end));
    i = end;
  }
  return out;
}

/** The UIDs a sequence set names (`1:4,7`, `5:*`): `*` is the largest UID, and a range may be written backwards. */
function uidsIn(set: string, uids: number[]): Set<number> {
  const max = uids.length ? Math.max(...uids) : 0;
  const value = (text: string) => (text === '*' ? max : Number(text));
  const out = new Set<number>();
  for (const part of set.split(',')) {
    const [a, b] = part.split(':');
    const low = Math.min(value(a!), value(b ?? a!));
    const high = Math.max(value(a!), value(b ?? a!));
    for (const uid of uids) if (uid >= low && uid <= high) out.add(uid);
  }
  return out;
}

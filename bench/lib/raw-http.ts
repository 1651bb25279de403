/**
 * A lean HTTP/1.1 keep-alive connection for load generation: requests written as bytes, answers
 * read as far as their status and framing (Content-Length or chunked), bodies skipped. Node's
 * http client costs about 140 µs of CPU per request here; the generator shares the machine's two
 * cores with the server it measures, so what it spends is taken from the server.
 */
import net from "node:net";

export type RawRequest = { method: string; path: string; headers?: Record<string, string>; body?: string };

const CRLF_CRLF = Buffer.from("\r\n\r\n");

export class RawConnection {
  private socket: net.Socket | null = null;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: ((status: string) => void) | null = null;
  /** What the answer being read still needs: its headers, a body of n bytes, or chunks. */
  private state: { kind: "head" } | { kind: "body"; remaining: number; status: string } | { kind: "chunks"; status: string } = { kind: "head" };

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  /** Sends one request and resolves with its status ("socket error" if the connection fails). */
  send(request: RawRequest): Promise<string> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.state = { kind: "head" };
      const socket = this.socket ?? this.connect();
      socket.write(encode(request, `${this.host}:${this.port}`));
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }

  private connect(): net.Socket {
    const socket = net.connect({ host: this.host, port: this.port, noDelay: true });
    socket.on("data", (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : Buffer.from(chunk);
      this.read();
    });
    const fail = () => {
      this.socket = null;
      this.buffer = Buffer.alloc(0);
      this.finish("socket error");
    };
    socket.on("error", fail);
    socket.on("close", fail);
    this.socket = socket;
    return socket;
  }

  private finish(status: string): void {
    const waiting = this.waiting;
    this.waiting = null;
    this.state = { kind: "head" };
    waiting?.(status);
  }

  private read(): void {
    for (;;) {
      if (this.state.kind === "head") {
        const end = this.buffer.indexOf(CRLF_CRLF);
        if (end < 0) return;
        const head = this.buffer.subarray(0, end).toString("latin1");
        this.buffer = this.buffer.subarray(end + 4);
        const status = head.slice(9, 12);
        const length = /\r\ncontent-length: *(\d+)/i.exec(head);
        if (length) this.state = { kind: "body", remaining: Number(length[1]), status };
        else if (/\r\ntransfer-encoding: *chunked/i.test(head)) this.state = { kind: "chunks", status };
        else this.state = { kind: "body", remaining: 0, status };
      }
      if (this.state.kind === "body") {
        if (this.buffer.length < this.state.remaining) return;
        this.buffer = this.buffer.subarray(this.state.remaining);
        return this.finish(this.state.status);
      }
      if (this.state.kind === "chunks") {
        const lineEnd = this.buffer.indexOf("\r\n");
        if (lineEnd < 0) return;
        const size = parseInt(this.buffer.subarray(0, lineEnd).toString("latin1"), 16);
        // A chunk: its size line, its bytes, CRLF; the last one (size 0) ends with an empty line.
        const total = lineEnd + 2 + size + 2;
        if (this.buffer.length < total) return;
        this.buffer = this.buffer.subarray(total);
        if (size === 0) return this.finish(this.state.status);
      }
    }
  }
}

function encode(request: RawRequest, host: string): Buffer {
  const headers: Record<string, string> = { host, ...request.headers };
  if (request.body !== undefined) {
    headers["content-type"] ??= "application/json";
    headers["content-length"] = String(Buffer.byteLength(request.body));
  }
  const head = `${request.method} ${request.path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}\r\n`;
  return Buffer.from(request.body === undefined ? head : head + request.body);
}

/**
 * Reads a `text/event-stream` body as it arrives (the WHATWG event-stream rules): fields `event`,
 * `data`, `id`, `retry`; comment lines; lines ended by CR, LF or CRLF, split anywhere across chunks.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private type = '';
  private lastId: string | undefined;
  /** The last chunk ended in CR: a LF opening the next one belongs to it. */
  private pendingLf = false;

  constructor(
    private readonly onEvent: (type: string, data: string, id: string | undefined) => void,
    private readonly onRetry: (millis: number) => void = () => {},
  ) {}

  push(chunk: string): void {
    if (this.pendingLf && chunk.startsWith('\n')) {
      chunk = chunk.slice(1);
    }
    this.pendingLf = false;
    this.buffer += chunk;
    for (;;) {
      const end = this.buffer.search(/[\r\n]/);
      if (end < 0) {
        return;
      }
      const line = this.buffer.slice(0, end);
      if (this.buffer[end] === '\r' && end === this.buffer.length - 1) {
        this.pendingLf = true;
        this.buffer = '';
      } else {
        this.buffer = this.buffer.slice(end + (this.buffer.startsWith('\r\n', end) ? 2 : 1));
      }
      this.line(line);
    }
  }

  private line(line: string): void {
    if (line === '') {
      if (this.data.length > 0) {
        this.onEvent(this.type || 'message', this.data.join('\n'), this.lastId);
      }
      this.data = [];
      this.type = '';
      return;
    }
    if (line.startsWith(':')) {
      return;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) {
      value = value.slice(1);
    }
    if (field === 'data') {
      this.data.push(value);
    } else if (field === 'event') {
      this.type = value;
    } else if (field === 'id' && !value.includes('\0')) {
      this.lastId = value;
    } else if (field === 'retry' && /^\d+$/.test(value)) {
      this.onRetry(Number(value));
    }
  }
}

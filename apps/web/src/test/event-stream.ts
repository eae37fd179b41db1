/**
 * A Server-Sent Events answer the test writes into as it goes: `send` raw text (`id:`/`data:`
 * lines, comments, `retry:`), `end` to drop the connection.
 */
export function eventStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let ended = false;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: () =>
      new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send(text: string) {
      controller?.enqueue(encoder.encode(text));
    },
    end() {
      if (ended) return;
      ended = true;
      controller?.close();
    },
  };
}

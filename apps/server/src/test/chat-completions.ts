import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How the stand-in answers: a valid choice among each item's candidates, a reply that is not
 * JSON, activity ids that are no candidates, an HTTP error, or no answer at all.
 */
export type ChatBehaviour = 'valid' | 'invalid-json' | 'unknown-ids' | 'error-500' | 'hang';

interface QuestionItem {
  ref?: string;
  candidates?: { id: string }[];
}

/** What the stand-in received: the path, the headers and the JSON body of each request. */
export interface ChatRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    messages: { role: string; content: string }[];
    response_format: { type: string; json_schema: { name: string; strict: boolean } };
  };
}

/**
 * The model's choices for the planner's question: for each item the first candidate after the
 * rules' own pick that no other item has (else the rules' pick), with a friendly why.
 */
function choose(question: string): { ref: string; activityId: string; why: string }[] {
  const parsed = JSON.parse(question) as { days: { items: QuestionItem[] }[] };
  const items = parsed.days.flatMap((day) => day.items).filter((item) => item.ref);
  const rulesPicks = new Set(items.map((item) => item.candidates?.[0]?.id));
  const taken = new Set<string>();
  return items.map((item) => {
    const ids = (item.candidates ?? []).map((c) => c.id);
    const other = ids.slice(1).find((id) => !taken.has(id) && !rulesPicks.has(id));
    const activityId = other ?? ids[0] ?? '';
    taken.add(activityId);
    return { ref: item.ref ?? '', activityId, why: `A lovely pick for ${item.ref}!` };
  });
}

/** A local server speaking the OpenAI chat-completions protocol, as the planner uses it. */
export function startChatCompletions() {
  const requests: ChatRequest[] = [];
  let behaviour: ChatBehaviour = 'valid';
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as ChatRequest['body'];
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      if (behaviour === 'hang') return;
      if (behaviour === 'error-500') {
        res.writeHead(500, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: 'model not loaded' } }));
      }
      const question = body.messages.find((m) => m.role === 'user')?.content ?? '{}';
      let content: string;
      if (behaviour === 'invalid-json') content = '{"items": [ {"ref": "0.0", ';
      else {
        const items = choose(question).map((item) =>
          behaviour === 'unknown-ids' ? { ...item, activityId: 'made-up-activity' } : item,
        );
        content = JSON.stringify({ items });
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          created: 1_770_000_000,
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
        }),
      );
    });
  });
  return {
    requests,
    setBehaviour(next: ChatBehaviour) {
      behaviour = next;
    },
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close(): Promise<void> {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

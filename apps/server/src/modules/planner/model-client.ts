import type { RecommendationChild } from '@kkb/core/activities/recommend';
import {
  MODEL_INSTRUCTIONS,
  applyModelAnswer,
  modelAnswerJsonSchema,
  modelQuestion,
  type ModelCheck,
} from '@kkb/core/planner/model';
import type { PlannedDays } from '@kkb/core/planner/plan';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';

/** How long the model may take before the rules' plan is served instead (DESIGN, Planner). */
export const MODEL_TIMEOUT_MS = 8000;

/** The part of an OpenAI chat completion we read. */
const ZChatCompletion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

export interface PlanModel {
  /** The configured model's name, as the page shows it. */
  name: string;
  /** The plan with the model's choices, or why they cannot be used; never throws. */
  choose(planned: PlannedDays, children: readonly RecommendationChild[]): Promise<ModelCheck>;
}

/**
 * `LLM_BASE_URL` may name the server (`http://localhost:11434`) or its OpenAI API
 * (`…/v1`); both lead to `/v1/chat/completions`.
 */
export function chatCompletionsUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `${base.endsWith('/v1') ? base : `${base}/v1`}/chat/completions`;
}

/** An OpenAI-compatible model (Ollama, vLLM, llama.cpp server, a hosted one), or none. */
export function createPlanModel(
  config: AppConfig['llm'],
  options: { timeoutMs?: number } = {},
): PlanModel | undefined {
  if (!config) return undefined;
  const url = chatCompletionsUrl(config.baseUrl);
  const timeoutMs = options.timeoutMs ?? MODEL_TIMEOUT_MS;
  return {
    name: config.model,
    async choose(planned, children) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(config.apiKey && { authorization: `Bearer ${config.apiKey}` }),
          },
          body: JSON.stringify({
            model: config.model,
            messages: [
              { role: 'system', content: MODEL_INSTRUCTIONS },
              { role: 'user', content: modelQuestion(planned, children) },
            ],
            response_format: {
              type: 'json_schema',
              json_schema: { name: 'plan_choices', strict: true, schema: modelAnswerJsonSchema() },
            },
            temperature: 0.2,
            stream: false,
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) return { ok: false, problem: `the model answered ${response.status}` };
        const completion = ZChatCompletion.safeParse(await response.json());
        if (!completion.success) return { ok: false, problem: 'not a chat completion' };
        const content = completion.data.choices[0]?.message.content ?? '';
        let answer: unknown;
        try {
          answer = JSON.parse(content);
        } catch {
          return { ok: false, problem: 'the answer is not JSON' };
        }
        return applyModelAnswer(planned, children, answer);
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        return { ok: false, problem: timedOut ? 'the model took too long' : 'the model failed' };
      }
    },
  };
}

import { existsSync } from 'node:fs';
import { z } from 'zod';
import { RpeError } from '../../framework/index.js';
import { parseDotEnv } from './parse-dot-env.js';
import { readSmallFile } from './read-small-file.js';

/** Where the panel is asked: an OpenAI-compatible server and its key, parsed once. */
export interface EvalConfig {
  /** The base URL as given, e.g. http://127.0.0.1:8000/v1. */
  baseUrl: string;
  /** The chat completions URL derived from it. */
  chatUrl: string;
  /** Bearer key; null when the server needs none (a local vLLM, llama-server or Ollama). */
  apiKey: string | null;
  /** Where each value came from, for the run summary (never the key itself). */
  source: {
    baseUrl: 'option' | 'environment' | 'dotenv';
    apiKey: 'option' | 'environment' | 'dotenv' | 'none';
  };
}

export interface LoadEvalConfigOptions {
  baseUrl?: string;
  apiKey?: string;
  /** The process environment, passed in by the caller so nothing deeper reads it. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The .env file; default `.env` in the working folder. A missing file is not an error... */
  envFile?: string;
  /** ...unless this is set (the user named the file): then it is RpeError `env_unreadable`. */
  envFileRequired?: boolean;
}

/** A .env file holds a few variables: anything larger is not one. */
const MAX_DOTENV_BYTES = 1 << 20;

const httpUrl = z
  .string()
  .trim()
  .refine((s) => /^https?:\/\/[^/\s]+/i.test(s) && URL.canParse(s), 'not an http(s) URL');

// Resolves the endpoint from options, then the environment, then `.env` (EVAL_BASE_URL, EVAL_API_KEY).
export function loadEvalConfig(options: LoadEvalConfigOptions = {}): EvalConfig {
  const envFile = options.envFile ?? '.env';
  const dotenv =
    options.envFileRequired === true || existsSync(envFile)
      ? parseDotEnv(readSmallFile(envFile, MAX_DOTENV_BYTES, 'env_unreadable').toString('utf8'))
      : {};
  const env = options.env ?? {};
  const pick = (option: string | undefined, name: string) =>
    nonEmpty(option) !== undefined
      ? { value: nonEmpty(option), from: 'option' as const }
      : nonEmpty(env[name]) !== undefined
        ? { value: nonEmpty(env[name]), from: 'environment' as const }
        : nonEmpty(dotenv[name]) !== undefined
          ? { value: nonEmpty(dotenv[name]), from: 'dotenv' as const }
          : undefined;

  const base = pick(options.baseUrl, 'EVAL_BASE_URL');
  if (!base?.value) {
    throw new RpeError(
      'endpoint_missing',
      `no endpoint: pass --base-url or set EVAL_BASE_URL (environment or ${envFile})`,
    );
  }
  const parsed = httpUrl.safeParse(base.value);
  if (!parsed.success) {
    throw new RpeError(
      'endpoint_invalid',
      `EVAL_BASE_URL ${JSON.stringify(redactUserInfo(base.value))} is not an http(s) URL`,
    );
  }
  // fetch refuses such a URL on every request; and the password would be shown wherever the
  // endpoint is (the summary, the responses files): refused at once, never repeated.
  const url = new URL(parsed.data);
  if (url.username !== '' || url.password !== '') {
    throw new RpeError(
      'endpoint_invalid',
      `the base URL ${redactUserInfo(parsed.data)} holds a user name or password: remove it and pass the key with --api-key or EVAL_API_KEY`,
    );
  }
  const key = pick(options.apiKey, 'EVAL_API_KEY');
  return {
    baseUrl: parsed.data,
    chatUrl: chatCompletionsUrl(parsed.data),
    apiKey: key?.value ?? null,
    source: { baseUrl: base.from, apiKey: key?.from ?? 'none' },
  };
}

// The chat completions URL of a base URL; a base URL that already names the route is kept.
export function chatCompletionsUrl(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return /\/chat\/completions$/.test(trimmed) ? trimmed : `${trimmed}/chat/completions`;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

// A URL as a message may show it: whatever stands between `//` and `@` is replaced by `***`.
export function redactUserInfo(text: string): string {
  const start = text.indexOf('//');
  if (start < 0) return text;
  const authorityEnd = text.slice(start + 2).search(/[/?#]/);
  const end = authorityEnd < 0 ? text.length : start + 2 + authorityEnd;
  const at = text.lastIndexOf('@', end);
  return at > start ? `${text.slice(0, start + 2)}***${text.slice(at)}` : text;
}

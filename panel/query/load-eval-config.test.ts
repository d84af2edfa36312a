import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chatCompletionsUrl, loadEvalConfig } from './load-eval-config.js';
import { parseDotEnv } from './parse-dot-env.js';
import { parseModelsList } from './parse-models-list.js';
import { readModelsFile } from './read-models-file.js';
import { modelFileName } from './model-file-name.js';
import { responseKey } from './response-key.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rpe-env-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('parseDotEnv', () => {
  it('reads assignments, quotes, export and comments', () => {
    expect(
      parseDotEnv(
        '# endpoint\nexport EVAL_BASE_URL=http://h:8000/v1  # vLLM\nEVAL_API_KEY="a#b\\n"\nQ=\'x y\'\nnot a line\n',
      ),
    ).toEqual({ EVAL_BASE_URL: 'http://h:8000/v1', EVAL_API_KEY: 'a#b\n', Q: 'x y' });
  });
});

describe('loadEvalConfig', () => {
  it('prefers the option, then the environment, then .env', () => {
    const envFile = join(dir, '.env');
    writeFileSync(envFile, 'EVAL_BASE_URL=http://dotenv:1/v1\nEVAL_API_KEY=from-file\n');
    expect(loadEvalConfig({ envFile })).toMatchObject({
      baseUrl: 'http://dotenv:1/v1',
      chatUrl: 'http://dotenv:1/v1/chat/completions',
      apiKey: 'from-file',
      source: { baseUrl: 'dotenv', apiKey: 'dotenv' },
    });
    const env = { EVAL_BASE_URL: 'http://env:2/v1', EVAL_API_KEY: '' };
    expect(loadEvalConfig({ envFile, env })).toMatchObject({
      baseUrl: 'http://env:2/v1',
      apiKey: 'from-file',
    });
    expect(loadEvalConfig({ envFile, env, baseUrl: 'http://opt:3/v1/' })).toMatchObject({
      chatUrl: 'http://opt:3/v1/chat/completions',
      source: { baseUrl: 'option' },
    });
  });

  it('refuses a missing or non-http endpoint with exit 2', () => {
    const envFile = join(dir, 'absent.env');
    expect(() => loadEvalConfig({ envFile })).toThrow(
      /no endpoint: pass --base-url or set EVAL_BASE_URL/,
    );
    expect(() => loadEvalConfig({ envFile, baseUrl: 'ftp://x' })).toThrow(
      expect.objectContaining({ code: 'endpoint_invalid', exitCode: 2 }),
    );
    expect(loadEvalConfig({ envFile, baseUrl: 'http://x/v1' }).apiKey).toBeNull();
  });

  it('keeps a URL that already names the route', () => {
    expect(chatCompletionsUrl('http://x/v1/chat/completions/')).toBe(
      'http://x/v1/chat/completions',
    );
  });
});

describe('the .env file', () => {
  it('must exist, and be a regular file, when the user names it', () => {
    const envFile = join(dir, 'absent.env');
    expect(() => loadEvalConfig({ envFile, envFileRequired: true })).toThrow(
      expect.objectContaining({
        code: 'env_unreadable',
        message: `cannot read ${envFile}: no such file`,
      }),
    );
    expect(() => loadEvalConfig({ envFile: dir, envFileRequired: true })).toThrow(
      `cannot read ${dir}: it is a folder`,
    );
  });
});

describe('models file', () => {
  it('refuses a pipe instead of waiting for a writer', () => {
    const fifo = join(dir, 'models.fifo');
    execFileSync('mkfifo', [fifo]);
    expect(() => readModelsFile(fifo)).toThrow(`cannot read ${fifo}: it is not a regular file`);
  });

  it('ignores a byte order mark', () => {
    expect(parseModelsList('\uFEFFa/b\n')).toEqual(['a/b']);
  });

  it('reads ids, skipping comments and blank lines', () => {
    expect(
      parseModelsList('# panel\nspeakleash/Bielik-11B-v3.0-Instruct\n\n  qwen2.5:7b  # ollama\n'),
    ).toEqual(['speakleash/Bielik-11B-v3.0-Instruct', 'qwen2.5:7b']);
  });

  it('refuses a repeated id and an empty list', () => {
    expect(() => parseModelsList('a/b\nc\na/b\n', 'models.txt')).toThrow(
      'models.txt line 3: model "a/b" repeats line 1',
    );
    expect(() => parseModelsList('# nothing\n', 'models.txt')).toThrow(/no model ids/);
  });

  it('names one flat file per model', () => {
    expect(modelFileName('speakleash/Bielik-11B-v3.0-Instruct')).toBe(
      'speakleash__Bielik-11B-v3.0-Instruct.jsonl',
    );
    expect(modelFileName('qwen2.5:7b')).toBe('qwen2.5_7b.jsonl');
    expect(modelFileName('../x')).toBe('___x.jsonl');
  });
});

describe('responseKey', () => {
  it('changes with every part that decides the answer', () => {
    const base = {
      endpoint: 'http://a:1/v1/chat/completions',
      model: 'm',
      system: 's',
      input: 'i',
      temperature: 0,
      max_tokens: 64,
    };
    const key = responseKey(base);
    expect(key).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(responseKey({ ...base })).toBe(key);
    for (const change of [
      { endpoint: 'http://b:1/v1/chat/completions' },
      { endpoint: undefined },
      { model: 'n' },
      { system: 't' },
      { input: 'i ' },
      { temperature: 0.1 },
      { max_tokens: 65 },
    ]) {
      expect(responseKey({ ...base, ...change })).not.toBe(key);
    }
  });
});

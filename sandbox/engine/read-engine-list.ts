import { RpeError, isRpeError } from '../../framework/errors.js';
import { readSource } from '../../framework/rules/read-source.js';
import type { EngineConfig } from './engine-config.js';
import { parseEngineUrl, type DockerEndpoint } from './parse-engine-url.js';

/** Where a pool is named: --engine (repeatable) and --engines-file, else RPE_ENGINES, else DOCKER_HOST. */
export interface EngineListOptions {
  engines?: string[];
  enginesFile?: string;
}

/** One engine of the list, and where it was named (`--engine `, `pool.txt line 3: `...). */
export interface EngineListEntry {
  endpoint: DockerEndpoint;
  origin: string;
}

export type EngineListSource = 'options' | 'RPE_ENGINES' | 'DOCKER_HOST';

// A `#` that starts a line or follows a space begins a comment; one inside a URL starts its settings.
const COMMENT = /(^|\s)#.*$/;

async function readEnginesFile(file: string, config: EngineConfig): Promise<EngineListEntry[]> {
  let text: string;
  try {
    // A folder, a pipe or a device is refused before it is opened: a pipe would wait forever.
    text = new TextDecoder().decode(
      readSource(file, { stdin: false, code: 'engines_file_unreadable' }),
    );
  } catch (error) {
    if (!isRpeError(error)) throw error;
    const why = error.message.slice(`cannot read ${file}: `.length);
    throw new RpeError(
      error.code,
      `engines file ${file}: ${why === 'no such file or folder' ? 'no such file' : why}`,
      { cause: error },
    );
  }
  const entries: EngineListEntry[] = [];
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.replace(COMMENT, '').trim();
    if (!line) continue;
    const origin = `${file} line ${index + 1}: `;
    if (/\s/.test(line))
      throw new RpeError('engine_url_invalid', `${origin}one engine URL per line, got "${line}"`);
    entries.push({ endpoint: parseEngineUrl(line, { ...config, origin }), origin });
  }
  if (entries.length === 0)
    throw new RpeError('engine_url_invalid', `engines file ${file} names no engine`);
  return entries;
}

// The engines a command should use, in the order given, each parsed and checked once.
export async function readEngineList(
  config: EngineConfig,
  options: EngineListOptions = {},
): Promise<{ source: EngineListSource; entries: EngineListEntry[] }> {
  const given = options.engines ?? [];
  let source: EngineListSource = 'options';
  let entries: EngineListEntry[];
  if (given.length > 0 || options.enginesFile !== undefined) {
    entries = given.map((text) => ({
      endpoint: parseEngineUrl(text, { ...config, origin: '--engine ' }),
      origin: '--engine ',
    }));
    if (options.enginesFile !== undefined)
      entries.push(...(await readEnginesFile(options.enginesFile, config)));
  } else if (config.enginesVariable !== null) {
    source = 'RPE_ENGINES';
    entries = config.enginesVariable
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((text) => ({
        endpoint: parseEngineUrl(text, { ...config, origin: 'RPE_ENGINES: ' }),
        origin: 'RPE_ENGINES: ',
      }));
  } else {
    source = 'DOCKER_HOST';
    entries = [{ endpoint: config.endpoint, origin: 'DOCKER_HOST=' }];
  }
  const seen = new Map<string, string>();
  for (const { endpoint, origin } of entries) {
    const first = seen.get(endpoint.url);
    if (first !== undefined)
      throw new RpeError(
        'engine_url_invalid',
        `${origin}${endpoint.url} is listed twice (first by ${first.replace(/[:=]?\s*$/, '')})`,
      );
    seen.set(endpoint.url, origin);
  }
  return { source, entries };
}

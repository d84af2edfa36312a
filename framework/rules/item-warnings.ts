import type { Item } from './item-schema.js';
import { normalize } from './normalize.js';
import { issue, type ValidationIssue } from './validation-issue.js';

/**
 * Phrasings by which an input talks about the assistant's role, instruction priority, ignoring
 * earlier instructions or the conversation itself: the task says qualification rejects such
 * items. A format check cannot decide intent, so these are warnings for a person to read.
 */
const ROLE_PATTERNS: readonly RegExp[] = [
  // The role: "jesteś (pomocnym) asystentem", "jako model językowy", "wciel się w rolę".
  /\bjeste[śs]\s+(\S+\s+){0,2}?(asystent|model\S* j[ęe]zykow|chatbot|bot\b|sztuczn\S* inteligencj|ai\b|llm)/u,
  /\bjako (asystent|model\S* j[ęe]zykow|chatbot|sztuczn\S* inteligencj|ai\b|llm)/u,
  /\b(twoj\S*|swoj\S*) rol[aęiąe]\b|\bwciel si[ęe] w\b|\budawaj,? [żz]e jeste[śs]/u,
  // Ignoring earlier instructions: "zignoruj (wszystkie) poprzednie instrukcje", "zapomnij o ...".
  /\b(z?ignoruj|pomi[ńn]|zapomnij|nie zwa[żz]aj na|nie stosuj si[ęe] do)\S*\s+(o\s+)?(wszystki\S*\s+)?(poprzedni|wcze[śs]niejsz|powy[żz]sz|wcze[śs]niej|dotychczasow|systemow)\S*\s+(instrukcj|polece|wiadomo|zasad|regu[łl]|wskaz[oó]w)/u,
  // The system message and instruction priority.
  /\b(prompt\S* systemow|systemow\S* (prompt|wiadomo|komunikat|instrukcj|polece))/u,
  /\b(instrukcj|polece|wiadomo|komunikat)\S* (systemu\b|systemow)/u,
  /\b(instrukcj|polece)\S*.{0,30}\bpriorytet|\bpriorytet\S*.{0,30}\b(instrukcj|polece)/u,
  // The conversation itself.
  /\b(nasz\S*|tej|obecn\S*) (rozmow|konwersacj|czat)/u,
  /\b(poprzedni|wcze[śs]niejsz|powy[żz]sz)\S* (wiadomo|polece|instrukcj)/u,
  // The same in English.
  /\b(ignore|disregard|forget)\s+(all\s+|any\s+)?(the\s+)?(previous|prior|above|earlier|preceding|your|system)\s+(instructions?|messages?|prompts?|rules)/u,
  /\bsystem (prompt|message|instruction)/u,
  /\byou are (now )?(an? )?(helpful )?(assistant|ai\b|language model|chatbot|llm)/u,
  /\b(as an ai|your role|act as|pretend (to be|you are)|developer mode|jailbreak)\b/u,
  /\b(this|our|the previous) (conversation|chat)\b|\bprevious (message|instruction)/u,
];

const TRAILING_PUNCTUATION = /[.,;:!?…]$/u;
const ONLY_PUNCTUATION = /^[\p{P}\s]*$/u;
const LINE_SEPARATORS = /[\u0085\u2028\u2029]/u;
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A warning when a field holds a lone surrogate (written as a JSON escape such as "\ud800"): JSON
 * accepts it, but it is no character, so the text cannot be sent to a model as UTF-8 (Python's
 * encoder refuses it) and no answer can ever equal it. Null when every field is well formed.
 */
export function loneSurrogateWarning(item: Item, line: number): ValidationIssue | null {
  const fields: [string, string][] = [
    ['input', item.input],
    ['gold', item.gold],
    ...(item.aliases ?? []).map((alias, i): [string, string] => [`aliases[${i}]`, alias]),
  ];
  for (const [name, text] of fields) {
    const match = LONE_SURROGATE.exec(text);
    if (!match) continue;
    const unit = match[0].charCodeAt(0).toString(16);
    // Positions count code points, as the task's lengths do.
    const at = [...text.slice(0, match.index)].length + 1;
    return issue(
      line,
      'lone_surrogate',
      `${name} holds a lone surrogate ("\\u${unit}" at character ${at}): it is not valid UTF-8, so it cannot be sent to a model and no answer can contain it`,
    );
  }
  return null;
}

/**
 * Warnings for an item that passes the format check but that qualification or scoring may treat
 * badly, and for a line some line readers would split.
 */
export function itemWarnings(
  item: Item,
  line: number,
  text: string,
  normalisedInput = normalize(item.input),
): ValidationIssue[] {
  const warnings: ValidationIssue[] = [];
  const input = normalisedInput.toLowerCase();
  for (const pattern of ROLE_PATTERNS) {
    const match = pattern.exec(input);
    if (match) {
      // Patterns stop at a word's stem ("instrukcj"); quote the whole word.
      const rest = /^[\p{L}\p{N}]*/u.exec(input.slice(match.index + match[0].length))?.[0] ?? '';
      const quoted = `${match[0]}${rest}`;
      warnings.push(
        issue(
          line,
          'role_instruction',
          `input speaks about the role, instructions or the conversation ("${quoted}"); qualification rejects such items`,
        ),
      );
      break;
    }
  }
  const gold = normalize(item.gold);
  const hasAliases = item.aliases !== undefined && item.aliases.length > 0;
  if (!hasAliases && TRAILING_PUNCTUATION.test(gold) && !ONLY_PUNCTUATION.test(gold)) {
    warnings.push(
      issue(
        line,
        'gold_trailing_punctuation',
        `gold "${gold}" ends in punctuation and has no alias; an answer without it does not match`,
      ),
    );
  }
  if (LINE_SEPARATORS.test(text)) {
    warnings.push(
      issue(
        line,
        'line_separator_char',
        'the line holds a raw U+0085, U+2028 or U+2029, which some line readers split on; escape it (\\u2028)',
      ),
    );
  }
  const surrogate = loneSurrogateWarning(item, line);
  if (surrogate) warnings.push(surrogate);
  return warnings;
}

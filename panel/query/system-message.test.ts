import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DECODING, SYSTEM_MESSAGE } from './system-message.js';

describe('SYSTEM_MESSAGE', () => {
  it('is the task text, character for character', () => {
    expect(SYSTEM_MESSAGE).toBe(
      'Jesteś modelem rozwiązującym krótkie, automatycznie oceniane zadania dotyczące języka polskiego. ' +
        'Odpowiedz wyłącznie poprawną odpowiedzią na zadanie z wiadomości użytkownika. ' +
        'Nie dodawaj wyjaśnień, etykiet, cytatów ani dodatkowego tekstu.',
    );
    // The SHA-256 of the UTF-8 line in the task text: catches a lookalike character or NFD form.
    expect(createHash('sha256').update(SYSTEM_MESSAGE, 'utf8').digest('hex')).toBe(
      'd3090ec05a655426492c0b25ae3b7327f0ebd6d236693659e9be2c870189fa79',
    );
    expect([...SYSTEM_MESSAGE]).toHaveLength(238);
  });

  it('decodes greedily with 64 new tokens', () => {
    expect(DECODING).toEqual({ temperature: 0, max_tokens: 64 });
  });
});

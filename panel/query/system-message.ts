/**
 * The task's fixed system message, character for character as the task text gives it. Every item is
 * sent with it, for every submission and both panels, so a different byte changes what is measured.
 */
export const SYSTEM_MESSAGE =
  'Jesteś modelem rozwiązującym krótkie, automatycznie oceniane zadania dotyczące języka polskiego. Odpowiedz wyłącznie poprawną odpowiedzią na zadanie z wiadomości użytkownika. Nie dodawaj wyjaśnień, etykiet, cytatów ani dodatkowego tekstu.';

/** The task's decoding settings: greedy, at most 64 new tokens. */
export const DECODING = { temperature: 0, max_tokens: 64 } as const;

export type Decoding = typeof DECODING;

import type { Engine } from './connect-engine.js';

interface ProgressEvent {
  stream?: string;
  status?: string;
  error?: string;
  errorDetail?: { message?: string };
}

// Waits for an engine progress stream (build, pull, import) to end; an error event rejects.
export function followProgress(
  engine: Engine,
  stream: NodeJS.ReadableStream,
  onLine?: (line: string) => void,
): Promise<ProgressEvent[]> {
  return new Promise((resolve, reject) => {
    engine.docker.modem.followProgress(
      stream,
      (error: Error | null, events: ProgressEvent[]) => {
        if (error) return reject(error);
        const failed = events.find((e) => e.error || e.errorDetail);
        if (failed) return reject(new Error(failed.errorDetail?.message ?? failed.error));
        resolve(events);
      },
      (event: ProgressEvent) => {
        const line = (event.stream ?? event.status ?? '').trim();
        if (line) onLine?.(line);
      },
    );
  });
}

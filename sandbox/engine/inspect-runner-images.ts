import type { Engine } from './connect-engine.js';
import { RUNNER_IMAGES, type RunnerImageKind } from './runner-images.js';

/** One runner image as the engine has it. */
export interface RunnerImageState {
  kind: RunnerImageKind;
  ref: string;
  present: boolean;
  id: string | null;
  labels: Record<string, string>;
  sizeBytes: number | null;
}

// The engine's view of an image by reference, or null when it has none.
export async function inspectImage(
  engine: Engine,
  ref: string,
): Promise<{ id: string; labels: Record<string, string>; sizeBytes: number } | null> {
  try {
    const info = await engine.docker.getImage(ref).inspect();
    return { id: info.Id, labels: info.Config?.Labels ?? {}, sizeBytes: info.Size };
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return null;
    throw error;
  }
}

// Whether each runner image of the current recipe is present, with its id and labels.
export async function inspectRunnerImages(engine: Engine): Promise<RunnerImageState[]> {
  const kinds: RunnerImageKind[] = ['python', 'node'];
  return Promise.all(
    kinds.map(async (kind) => {
      const ref = RUNNER_IMAGES[kind];
      const found = await inspectImage(engine, ref);
      return {
        kind,
        ref,
        present: found !== null,
        id: found?.id ?? null,
        labels: found?.labels ?? {},
        sizeBytes: found?.sizeBytes ?? null,
      };
    }),
  );
}

/**
 * The Python runner image named by the sandbox's RUNNER_IMAGES export, whatever its exact shape:
 * `{ python: 'rpe-runner-python:<tag>' }`, `{ python: { name, tag } }` or `{ python: { ref } }`.
 * Null when the sandbox door does not export it (yet), so the caller can ask for --image.
 */
export function resolvePythonRunnerImage(sandboxDoor: unknown): string | null {
  const images = field(sandboxDoor, 'RUNNER_IMAGES');
  const python = field(images, 'python');
  if (typeof python === 'string') return python;
  for (const key of ['ref', 'image', 'reference']) {
    const value = field(python, key);
    if (typeof value === 'string') return value;
  }
  const name = field(python, 'name') ?? field(python, 'repository');
  const tag = field(python, 'tag') ?? field(images, 'tag');
  if (typeof name === 'string') {
    return typeof tag === 'string' && !name.includes(':') ? `${name}:${tag}` : name;
  }
  return null;
}

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object'
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

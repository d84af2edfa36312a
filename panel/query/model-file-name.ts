/**
 * The responses file of a model inside the output folder: `org/name` becomes `org__name.jsonl`,
 * and any other character outside [A-Za-z0-9._-] becomes `_`, so every model id gives one flat,
 * portable file name. The model id itself is kept inside every line of the file.
 */
export function modelFileName(model: string): string {
  const stem = model
    .replace(/\//g, '__')
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+/, '_');
  return `${stem}.jsonl`;
}

// Runs `work` on every element with at most `limit` running at once; stops starting new ones once
// `shouldStop` says so. Results keep the input order; elements never started are undefined.
export async function mapWithConcurrency<T, R>(
  elements: readonly T[],
  limit: number,
  work: (element: T, index: number) => Promise<R>,
  shouldStop: () => boolean = () => false,
): Promise<(R | undefined)[]> {
  const results: (R | undefined)[] = new Array<R | undefined>(elements.length).fill(undefined);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < elements.length && !shouldStop()) {
      const index = next++;
      results[index] = await work(elements[index] as T, index);
    }
  };
  const lanes = Math.max(1, Math.min(limit, elements.length));
  await Promise.all(Array.from({ length: lanes }, lane));
  return results;
}

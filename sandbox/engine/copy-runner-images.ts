import { RpeError } from '../../framework/errors.js';
import type { Engine } from './connect-engine.js';
import { followProgress } from './follow-progress.js';
import { inspectImage } from './inspect-runner-images.js';

/** One image as it came to the target engine. */
export interface CopiedImage {
  ref: string;
  id: string;
  /** `current`: the target already had this very image (same ID); `imported`: loaded now. */
  how: 'current' | 'imported';
}

/**
 * Copies images from one engine to another by content (`docker save` piped into `docker load`
 * through the two engines' APIs) and checks that each arrives with the same image ID, so both
 * engines run the very same bytes. Images the target already has under the same ID are not sent;
 * an image the copy replaces under its name is removed unless a container still uses it.
 */
export async function copyRunnerImages(
  from: Engine,
  to: Engine,
  images: { ref: string; id: string }[],
  onDetail?: (line: string) => void,
): Promise<CopiedImage[]> {
  const before = await Promise.all(images.map((image) => inspectImage(to, image.ref)));
  const missing = images.filter((image, i) => before[i]?.id !== image.id);
  if (missing.length > 0) {
    // One archive for all (GET /images/get?names=...): layers the images share travel once.
    // dockerode has getImages, though its type declarations leave it out.
    const save = from.docker as unknown as {
      getImages(options: { names: string[] }): Promise<NodeJS.ReadableStream>;
    };
    const archive = await save.getImages({ names: missing.map((image) => image.ref) });
    await followProgress(to, await to.docker.loadImage(archive), onDetail);
  }
  const copied: CopiedImage[] = [];
  for (const image of images) {
    const after = await inspectImage(to, image.ref);
    if (after?.id !== image.id)
      throw new RpeError(
        'image_copy_mismatch',
        `${image.ref} arrived as ${after?.id ?? 'nothing'} instead of ${image.id}`,
      );
    const how = missing.includes(image) ? 'imported' : 'current';
    copied.push({ ref: image.ref, id: image.id, how });
  }
  // Last first, as a build does: the old node image is the child of the old python one. An ID
  // that one of the images now has is kept, even if another name pointed at it before.
  const placed = new Set(images.map((image) => image.id));
  const replaced = before.map((found) => (found && !placed.has(found.id) ? found.id : undefined));
  for (const old of replaced.reverse())
    if (old)
      await to.docker
        .getImage(old)
        .remove()
        .catch(() => undefined);
  return copied;
}

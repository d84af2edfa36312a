// Started by on-interrupt.test.ts: work that its own cleanup cuts off, as a run's container does
// when the cleanup removes it. The cleanup takes a while; the process must outlive it.
import { setTimeout as sleep } from 'node:timers/promises';
import { onInterrupt } from '../../sandbox/engine/on-interrupt.js';

const work = new Promise<void>((resolve, reject) => {
  // A run waiting on its container: a minute, unless the cleanup cuts it off.
  const wait = setTimeout(resolve, 60_000);
  onInterrupt(async () => {
    clearTimeout(wait);
    reject(new Error('the work was cut off by its cleanup'));
    await sleep(300);
    process.stdout.write('cleaned\n');
  });
});
process.stdout.write('running\n');
await work;

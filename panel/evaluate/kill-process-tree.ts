import { readdirSync, readFileSync } from 'node:fs';

/**
 * The live descendants of a process, found through /proc's parent links (Linux; elsewhere none).
 * Zombies are left out: they are already dead and go once their parent reaps them or exits.
 */
export function descendantsOf(root: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
    } catch {
      continue;
    }
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state === 'Z' || ppid === undefined) continue;
    const list = children.get(Number(ppid)) ?? [];
    list.push(Number(entry));
    children.set(Number(ppid), list);
  }
  const found: number[] = [];
  const todo = [root];
  while (todo.length > 0) {
    for (const child of children.get(todo.pop() ?? -1) ?? []) {
      found.push(child);
      todo.push(child);
    }
  }
  return found;
}

/**
 * Kills every descendant of `root` with SIGKILL, pass after pass until none is left (a process
 * forking while it is killed leaves children that the next pass finds), then `root` itself.
 * The worker makes itself its descendants' subreaper, so a daemon that left its process group and
 * session is still found here, provided the worker has not died first.
 */
export function killProcessTree(root: number): void {
  for (let pass = 0; pass < 50; pass++) {
    const found = descendantsOf(root);
    if (found.length === 0) break;
    for (const pid of found) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
  }
  try {
    process.kill(root, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

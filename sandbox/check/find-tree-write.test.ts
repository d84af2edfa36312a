import { describe, expect, it } from 'vitest';
import { findTreeWrite } from './find-tree-write.js';

describe('findTreeWrite', () => {
  it('finds a refused write into the tree in Python and Node errors', () => {
    expect(
      findTreeWrite("OSError: [Errno 30] Read-only file system: 'debug.log'\n", ['/submission']),
    ).toBe('debug.log');
    expect(
      findTreeWrite(
        "PermissionError: [Errno 13] Permission denied: '/tmp/rpe-checked-x/tree/cache/a.bin'",
        ['/tmp/rpe-checked-x/tree'],
      ),
    ).toBe('cache/a.bin');
    expect(
      findTreeWrite(
        "Error: EROFS: read-only file system, open '/work/sub/debug.log'\n    at Object.openSync",
        ['/tmp/x', '/work/sub'],
      ),
    ).toBe('debug.log');
  });

  it('leaves a refused write elsewhere, and other errors, to runtime_error', () => {
    expect(
      findTreeWrite("OSError: [Errno 30] Read-only file system: '/etc/x'", ['/submission']),
    ).toBeNull();
    expect(
      findTreeWrite("Error: EACCES: permission denied, open '/root/x'", ['/submission']),
    ).toBeNull();
    expect(findTreeWrite('ValueError: bad', ['/submission'])).toBeNull();
  });
});

import { join } from 'node:path';
import { packagePath } from '../../framework/index.js';

// The folder of a fixture submission under tests/fixtures/submissions/.
export function fixture(name: string): string {
  return join(packagePath('tests', 'fixtures', 'submissions'), name);
}

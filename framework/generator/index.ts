// The public door of framework/generator: declare families and generators, generate a seed, write it.
export {
  defineGenerator,
  family,
  isGenerator,
  type Family,
  type FamilySpec,
  type Generator,
  type GeneratorSpec,
  type Rejection,
  type SampleContext,
  type SampledItem,
} from './define-generator.js';
export { allocateQuotas } from './allocate-quotas.js';
export {
  generate,
  type FamilySummary,
  type GenerateOptions,
  type GeneratedRecord,
  type GenerationResult,
  type GenerationWarning,
} from './generate.js';
export { estimateCapacity, expectedJaccard, expectedSetOverlap } from './estimate-overlap.js';
export { formatItems } from './format-items.js';
export { checkGeneratedItems } from './check-generated-items.js';
export { withPurityGuard } from './purity-guard.js';
export { loadGenerator, type LoadedGenerator, type LoadOptions } from './load-generator.js';
export {
  locateGenerator,
  locationFile,
  MODULE_CANDIDATES,
  type GeneratorLocation,
} from './locate-generator.js';
export {
  describePythonGenerator,
  runPythonGenerator,
  type PythonGeneration,
  type PythonRunOptions,
} from './run-python-generator.js';
export type { PythonDeclaration, PythonFamilyReport, PythonReport } from './python-report.js';
export { runGeneratorCli } from './run-generator-cli.js';
export {
  writeGeneration,
  formatMeta,
  type MetaLine,
  type WriteGenerationOptions,
} from './write-generation.js';
export {
  provenanceMarkdown,
  type GeneratorDeclaration,
  type ProvenanceOptions,
} from './provenance-markdown.js';
export { generatorDataHash } from './generator-data-hash.js';
export {
  scaffoldRepository,
  type ScaffoldLanguage,
  type ScaffoldOptions,
  type ScaffoldResult,
} from './scaffold-repository.js';
export { initGitRepository, type GitInit } from './init-git-repository.js';

// The public door of panel/evaluate: responses -> correctness matrix, with the aliases evaluator or
// a team's evaluator.py in a separate (optionally network-less, containerised) Python process.
export {
  checkGolds,
  evaluateResponses,
  refuseAliasesWithEvaluator,
  type CorrectnessMatrix,
  type CustomEvaluator,
  type EvaluatorProblem,
  type EvaluatorFallback,
  type EvaluateResult,
} from './evaluate-responses.js';
export {
  evaluateResponsesDir,
  type EvaluateDirOptions,
  type EvaluateDirResult,
} from './evaluate-responses-dir.js';
export {
  readResponsesDir,
  readResponseFile,
  ANSWER_FIELDS,
  type ModelResponses,
} from './read-responses-dir.js';
export {
  startPythonEvaluator,
  ACCEPT_TIMEOUT_MS,
  type PythonEvaluator,
  type PythonEvaluatorOptions,
  type EvaluatorSandbox,
  type AcceptOutcome,
} from './python-evaluator.js';
export { EVALUATOR_WORKER_SOURCE } from './evaluator-worker-source.js';
export { writeMatrix } from './write-matrix.js';

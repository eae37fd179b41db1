import { afterAll, afterEach } from 'vitest';
import { takeContractViolations, type ContractFinding } from './api-contract-guard.ts';

const describe = (finding: ContractFinding) =>
  `${finding.kind}: ${finding.exchange}${finding.operation ? ` (${finding.operation})` : ''}: ${finding.detail}`;

/**
 * Fails the test (or, for what its file's hooks sent, the file) in which a request or an answer
 * the OpenAPI document does not describe went through `inject` (see api-contract-guard.ts).
 */
function failOnViolations(): void {
  const found = takeContractViolations();
  if (found.length === 0) return;
  throw new Error(
    `The OpenAPI document does not describe ${found.length} exchange(s):\n${found.map(describe).join('\n')}`,
  );
}

afterEach(failOnViolations);
afterAll(failOnViolations);

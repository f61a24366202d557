/**
 * Every public route's contract, in the order the document lists them. A route file under `src/pages/api/v1/`
 * that is public must have its contract here (`../contracts.test.ts` checks it against the files).
 */
import type { RouteContract } from '../contract';
import * as developers from './developers';

const isContract = (value: unknown): value is RouteContract =>
  typeof value === 'object' && value !== null && 'operationId' in value && 'method' in value;

/** The contracts a module exports (its other exports, shared schemas, are left out). */
const contractsOf = (module: Record<string, unknown>) => Object.values(module).filter(isContract);

/** The public routes. */
export const PUBLIC_ROUTES: readonly RouteContract[] = [...contractsOf(developers)];

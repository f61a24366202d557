/**
 * The hand-written typed ABIs match what is deployed: every fragment of `cardAbi`, `wrappedNativeAbi` and
 * `seaportAbi` (name, parameter types, indexed flags, outputs, mutability) exists in the compiled artifact.
 * A mismatch would encode calls the contracts do not have.
 */
import seaportArtifact from '@opensea/seaport-js/src/artifacts/seaport/contracts/Seaport.sol/Seaport.json';
import { describe, expect, test } from 'vitest';
import { abiSignatures } from '#tests/helpers/abiSignatures';
import cardArtifact from '../../../../contracts/artifacts/Card.json';
import wrappedNativeArtifact from '../../../../contracts/artifacts/TestWrappedNative.json';
import { seaportAbi } from '../seaport/seaportAbi';
import { cardAbi } from './cardAbi';
import { wrappedNativeAbi } from './wrappedNativeAbi';

type Abi = Parameters<typeof abiSignatures>[0];

function missing(typed: Abi, artifact: { abi: unknown }): string[] {
  const compiled = new Set(abiSignatures(artifact.abi as Abi));
  return abiSignatures(typed).filter((signature) => !compiled.has(signature));
}

describe('typed ABIs', () => {
  test('every cardAbi fragment is in the compiled Card contract', () => {
    expect(missing(cardAbi, cardArtifact)).toEqual([]);
  });

  test('every wrappedNativeAbi fragment is in the compiled TestWrappedNative contract', () => {
    expect(missing(wrappedNativeAbi, wrappedNativeArtifact)).toEqual([]);
  });

  test('every seaportAbi fragment is in the Seaport 1.6 artifact we deploy', () => {
    expect(missing(seaportAbi, seaportArtifact)).toEqual([]);
  });

  test('a fragment the contract lacks is reported', () => {
    const bogus = [
      { type: 'function', name: 'designOf', inputs: [{ type: 'uint128' }], outputs: [], stateMutability: 'view' },
    ];
    expect(missing(bogus, cardArtifact)).toHaveLength(1);
  });
});

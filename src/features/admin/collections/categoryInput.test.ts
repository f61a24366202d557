import { getAddress } from 'viem';
import { describe, expect, test } from 'vitest';
import {
  categoryCreateSchema,
  categoryFormBody,
  categoryUpdateSchema,
  contractAddressProblem,
  emptyCategoryForm,
} from './categoryInput';

const LOWER = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const CHECKSUMMED = getAddress(LOWER);

describe('project contract address', () => {
  test('lower case, upper case and the EIP-55 form pass', () => {
    expect(contractAddressProblem(LOWER)).toBeNull();
    expect(contractAddressProblem(`0x${LOWER.slice(2).toUpperCase()}`)).toBeNull();
    expect(contractAddressProblem(CHECKSUMMED)).toBeNull();
  });

  test('mixed case with a wrong checksum, the wrong length and the zero address are refused', () => {
    const broken = CHECKSUMMED.replace(/[a-f]/, (c) => c.toUpperCase());
    expect(contractAddressProblem(broken)).toBe('has a wrong EIP-55 checksum');
    expect(contractAddressProblem('0x1234')).toBe('must be 0x followed by 40 hex digits');
    expect(contractAddressProblem(`0x${'0'.repeat(40)}`)).toBe('must not be the zero address');
  });
});

describe('project form bodies', () => {
  test('a create body is trimmed, stores the address lower-case and turns blank texts into null', () => {
    const parsed = categoryCreateSchema.parse({
      chain_id: 137,
      contract_address: ` ${CHECKSUMMED} `,
      name: '  星の記憶 ',
      name_en: '',
      description: null,
    });
    expect(parsed).toEqual({
      chain_id: 137,
      contract_address: LOWER,
      name: '星の記憶',
      name_en: null,
      description: null,
    });
  });

  test('a create body needs a chain, an address and a name, and nothing unknown', () => {
    expect(categoryCreateSchema.safeParse({ contract_address: LOWER, name: 'x' }).success).toBe(false);
    expect(categoryCreateSchema.safeParse({ chain_id: 1, name: 'x' }).success).toBe(false);
    expect(categoryCreateSchema.safeParse({ chain_id: 1, contract_address: LOWER, name: ' ' }).success).toBe(false);
    expect(categoryCreateSchema.safeParse({ chain_id: 1, contract_address: LOWER, name: 'x', id: 3 }).success).toBe(
      false,
    );
  });

  test('an update body changes any field but must change something', () => {
    expect(categoryUpdateSchema.parse({ hidden: true })).toEqual({ hidden: true });
    expect(categoryUpdateSchema.safeParse({}).success).toBe(false);
  });
});

describe('project form', () => {
  test('the form body passes the create schema, with no creator as null', () => {
    const form = { ...emptyCategoryForm(137), contractAddress: ` ${CHECKSUMMED}`, name: '星', hidden: true };
    const body = categoryFormBody(form);
    expect(body).toMatchObject({ chain_id: 137, creator_id: null, hidden: true });
    expect(categoryCreateSchema.parse(body)).toMatchObject({ contract_address: LOWER, name_en: null });
  });

  test('a chosen creator is sent as its id', () => {
    expect(categoryFormBody({ ...emptyCategoryForm(1), creatorId: '7' }).creator_id).toBe(7);
  });
});

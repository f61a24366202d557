import { readFileSync } from 'node:fs';
import { createPublicClient, createWalletClient, type Hex, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAnvil, startAnvil } from '../../../tests/helpers/anvil';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/db';
import { issueSignInMessage, verifySignIn } from './siwe.server';

// anvil's first two development keys (public test keys)
const owner = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const stranger = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
// A smart-contract wallet (EIP-1271) that accepts signatures of the account that deployed it; shipped
// compiled in @opensea/seaport-js for exactly this kind of test.
const walletArtifact = JSON.parse(
  readFileSync(
    'node_modules/@opensea/seaport-js/src/artifacts/src/contracts/test/TestERC1271Wallet.sol/TestERC1271Wallet.json',
    'utf8',
  ),
) as { abi: unknown[]; bytecode: Hex };

const site = { domain: 'localhost:4321', origin: 'http://localhost:4321' };
let anvil: RunningAnvil;
let database: TestDatabase;
let smartWallet: `0x${string}`;
let publicClient: ReturnType<typeof createPublicClient>;

beforeAll(async () => {
  [anvil, database] = await Promise.all([startAnvil({ chainId: 1 }), createTestDatabase()]);
  publicClient = createPublicClient({ transport: http(anvil.rpcUrl) });
  const walletClient = createWalletClient({ account: owner, transport: http(anvil.rpcUrl) });
  const hash = await walletClient.deployContract({
    abi: walletArtifact.abi,
    bytecode: walletArtifact.bytecode,
    chain: null,
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error('the wallet was not deployed');
  smartWallet = receipt.contractAddress;
});

afterAll(async () => {
  await Promise.all([anvil?.stop(), database?.close()]);
});

const onChain = async ({ address, message, signature }: { address: `0x${string}`; message: string; signature: Hex }) =>
  publicClient.verifyMessage({ address, message, signature });

async function signIn(address: `0x${string}`, signer: typeof owner, check?: typeof onChain) {
  const { message } = await issueSignInMessage(database.db, { address, chainId: 1, ...site });
  const signature = await signer.signMessage({ message });
  return verifySignIn(database.db, {
    walletAddress: address,
    signature,
    message,
    ...site,
    checkContractSignature: check,
  });
}

describe('verifySignIn with smart-contract wallets (EIP-1271)', () => {
  it('accepts a contract wallet whose owner signed, checked on chain', async () => {
    const result = await signIn(smartWallet, owner, onChain);
    expect(result).toMatchObject({ created: true, userId: expect.any(Number) });
  });

  it('refuses a contract wallet signature made by someone else', async () => {
    await expect(signIn(smartWallet, stranger, onChain)).rejects.toThrow('The signature does not match the wallet');
  });

  it('refuses a contract wallet when the chain cannot be asked', async () => {
    await expect(signIn(smartWallet, owner, undefined)).rejects.toThrow('The signature does not match the wallet');
  });

  it('an ordinary wallet needs no chain at all', async () => {
    await expect(signIn(stranger.address, stranger, undefined)).resolves.toMatchObject({ created: true });
  });
});

import { readFileSync } from 'node:fs';
import { SiweMessage } from 'siwe';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  keccak256,
  type PublicClient,
  serializeErc6492Signature,
  toHex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAnvil, startAnvil } from '#tests/helpers/anvil';
import { createTestDatabase, type TestDatabase } from '#tests/helpers/db';
import { issueSignInMessage, SIGN_IN_STATEMENT, verifySignIn } from './siwe.server';

// anvil's first two development keys (public test keys)
const owner = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const stranger = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const artifact = (name: string) =>
  JSON.parse(readFileSync(`contracts/artifacts/${name}.json`, 'utf8')) as { abi: unknown[]; bytecode: Hex };
const factoryArtifact = artifact('TestSmartAccountFactory');

const site = new URL('https://kirafuda.example');
/** The network the test's sign-ins come from. */
const NETWORK = '203.0.113.7';
let anvil: RunningAnvil;
let database: TestDatabase;
let publicClient: PublicClient;
let factory: Address;
let deployedAccount: Address;
const clientFor = (chainId: number) => (chainId === 1 ? publicClient : undefined);

async function deploy(abi: unknown[], bytecode: Hex): Promise<Address> {
  const walletClient = createWalletClient({ account: owner, transport: http(anvil.rpcUrl) });
  const hash = await walletClient.deployContract({ abi, bytecode, chain: null });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error('not deployed');
  return receipt.contractAddress;
}

const deployCall = (salt: Hex) =>
  encodeFunctionData({ abi: factoryArtifact.abi, functionName: 'deploy', args: [owner.address, salt] });

async function accountAddress(salt: Hex): Promise<Address> {
  return (await publicClient.readContract({
    address: factory,
    abi: factoryArtifact.abi,
    functionName: 'accountAddress',
    args: [owner.address, salt],
  })) as Address;
}

beforeAll(async () => {
  [anvil, database] = await Promise.all([startAnvil({ chainId: 1 }), createTestDatabase()]);
  publicClient = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient;
  factory = await deploy(factoryArtifact.abi, factoryArtifact.bytecode);
  const salt = keccak256(toHex('deployed'));
  const walletClient = createWalletClient({ account: owner, transport: http(anvil.rpcUrl) });
  await publicClient.waitForTransactionReceipt({
    hash: await walletClient.sendTransaction({ to: factory, data: deployCall(salt), chain: null }),
  });
  deployedAccount = await accountAddress(salt);
});

afterAll(async () => {
  await Promise.all([anvil?.stop(), database?.close()]);
});

const issue = (address: Address) => issueSignInMessage(database.db, { address, chainId: 1, site });

async function signIn(address: Address, sign: (message: string) => Promise<Hex>, change = (m: string) => m) {
  const { message } = await issue(address);
  const sent = change(message);
  return verifySignIn(database.db, {
    walletAddress: address,
    signature: await sign(sent),
    message: sent,
    clientFor,
    network: NETWORK,
  });
}

describe('the sign-in message', () => {
  it('is EIP-4361 as the reference parser (npm siwe) reads it, for the configured site', async () => {
    const { message, nonce } = await issue(stranger.address);
    const parsed = new SiweMessage(message);
    expect(parsed).toMatchObject({
      domain: 'kirafuda.example',
      address: stranger.address,
      statement: SIGN_IN_STATEMENT,
      uri: 'https://kirafuda.example',
      version: '1',
      chainId: 1,
      nonce,
    });
    expect(SIGN_IN_STATEMENT).toMatch(/^[\x20-\x7e]+$/);
  });
});

describe('verifySignIn', () => {
  it('signs in an ordinary wallet with the exact message', async () => {
    await expect(signIn(stranger.address, (m) => stranger.signMessage({ message: m }))).resolves.toMatchObject({
      userId: expect.any(Number),
    });
  });

  it('refuses the issued message with a changed statement, even when signed', async () => {
    await expect(
      signIn(
        stranger.address,
        (m) => stranger.signMessage({ message: m }),
        (m) => m.replace(SIGN_IN_STATEMENT, 'Sign in.'),
      ),
    ).rejects.toThrow('The sign-in message was changed');
  });

  it('refuses the issued message with lines added, even when signed', async () => {
    await expect(
      signIn(
        stranger.address,
        (m) => stranger.signMessage({ message: m }),
        (m) => `${m}\nResources:\n- https://evil.example`,
      ),
    ).rejects.toThrow('The sign-in message was changed');
  });

  it('refuses a message the site never issued', async () => {
    const message = (await issue(stranger.address)).message.replace(/Nonce: \w+/, 'Nonce: abcdefgh12345678');
    await expect(
      verifySignIn(database.db, {
        walletAddress: stranger.address,
        signature: await stranger.signMessage({ message }),
        message,
        clientFor,
        network: NETWORK,
      }),
    ).rejects.toThrow('not issued by this site');
  });

  it('accepts a deployed contract wallet (ERC-1271) whose owner signed', async () => {
    await expect(signIn(deployedAccount, (m) => owner.signMessage({ message: m }))).resolves.toMatchObject({
      created: true,
    });
  });

  it('refuses a contract wallet signature made by someone else', async () => {
    await expect(signIn(deployedAccount, (m) => stranger.signMessage({ message: m }))).rejects.toThrow(
      'The signature does not match the wallet',
    );
  });

  it('accepts a contract wallet that is not deployed yet (ERC-6492), and leaves it undeployed', async () => {
    const salt = keccak256(toHex('counterfactual'));
    const account = await accountAddress(salt);
    expect(await publicClient.getCode({ address: account })).toBeUndefined();
    const wrapped = async (message: string) =>
      serializeErc6492Signature({
        address: factory,
        data: deployCall(salt),
        signature: await owner.signMessage({ message }),
      });
    await expect(signIn(account, wrapped)).resolves.toMatchObject({ created: true });
    expect(await publicClient.getCode({ address: account })).toBeUndefined();
  });

  it('refuses a counterfactual wallet signed by someone else', async () => {
    const salt = keccak256(toHex('counterfactual-2'));
    const account = await accountAddress(salt);
    const wrapped = async (message: string) =>
      serializeErc6492Signature({
        address: factory,
        data: deployCall(salt),
        signature: await stranger.signMessage({ message }),
      });
    await expect(signIn(account, wrapped)).rejects.toThrow('The signature does not match the wallet');
  });

  it('refuses the exact message once it has expired', async () => {
    const { message } = await issue(stranger.address);
    const later = new Date(Date.now() + 6 * 60 * 1000);
    await expect(
      verifySignIn(
        database.db,
        {
          walletAddress: stranger.address,
          signature: await stranger.signMessage({ message }),
          message,
          clientFor,
          network: NETWORK,
        },
        later,
      ),
    ).rejects.toThrow('The sign-in message has expired');
  });

  it('deletes expired nonces when it issues new ones', async () => {
    const later = new Date(Date.now() + 10 * 60 * 1000);
    const { nonce } = await issue(stranger.address);
    await issueSignInMessage(database.db, { address: stranger.address, chainId: 1, site }, later);
    const { rows } = await database.db.execute<{ n: number }>(
      `select count(*)::int as n from login_nonces where nonce = '${nonce}'`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});

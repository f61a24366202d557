/**
 * Deploys the whole trading stack onto a local chain (anvil) for tests and local development: Seaport 1.6 and
 * its ConduitController (from the `@opensea/seaport-js` artifacts, Seaport's own audited build), one conduit
 * with a channel open to that Seaport, the Kirafuda zone (which every order names; its signer added), and our
 * Card (the conduit approved for every holder, the zone its transfer authorizer), Atem and wrapped native token
 * (from `contracts/artifacts`, built by `npm run contracts:build`).
 *
 * Approvals go to a conduit, as on OpenSea: the Card approves it for every holder from the start, buyers
 * `approve(conduit)` for ERC-20 payments, and orders carry `conduitKey`. The conduit outlives a Seaport
 * upgrade (its owner opens a channel to the new Seaport and nobody re-approves). The key follows Seaport's
 * format: the creator's address in the first 20 bytes (the controller refuses any other creator), then 12
 * free bytes, here zero.
 *
 * Contract addresses depend only on the deployer and its nonce, so a fresh chain gives the same addresses
 * whatever its chain id.
 *
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md "Conduits"
 * @see docs/product-spec.md §3 "Chain config per environment" (exchange, atem, payment)
 */

import conduitControllerArtifact from '@opensea/seaport-js/src/artifacts/seaport/contracts/conduit/ConduitController.sol/LocalConduitController.json';
import seaportArtifact from '@opensea/seaport-js/src/artifacts/seaport/contracts/Seaport.sol/Seaport.json';
import {
  type Abi,
  type Account,
  type Address,
  type Chain,
  getAddress,
  type Hash,
  type Hex,
  type PublicClient,
  parseAbi,
  parseEther,
  type Transport,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { LOCAL_ZONE_SIGNER_KEY } from '~/features/chains/localDefaults';
import { seaportAbi } from '~/features/trading/seaport/seaportAbi';
import { zoneAdminAbi } from '~/features/trading/zone/zoneAbi';
import atemArtifact from '../../../contracts/artifacts/Atem.json';
import cardArtifact from '../../../contracts/artifacts/Card.json';
import zoneArtifact from '../../../contracts/artifacts/KirafudaZone.json';
import wrappedNativeArtifact from '../../../contracts/artifacts/TestWrappedNative.json';

const conduitControllerAbi = parseAbi([
  'function createConduit(bytes32 conduitKey, address initialOwner) returns (address conduit)',
  'function updateChannel(address conduit, address channel, bool isOpen)',
  'function getConduit(bytes32 conduitKey) view returns (address conduit, bool exists)',
]);

/** Parameters of {@link deployLocal}. */
export interface DeployLocalParameters {
  publicClient: PublicClient<Transport, Chain | undefined>;
  /** The deployer; it owns the conduit and, unless told otherwise, is the Card admin and minter. */
  walletClient: WalletClient<Transport, Chain | undefined, Account>;
  /** Card metadata base URI (tokenURI = this + token id). Default `''`. */
  cardBaseUri?: string;
  /** Card admin (sets the base URI, grants roles). Default: the deployer. */
  cardAdmin?: Address;
  /** Platform minter (issues designs, mints serials). Default: the deployer. */
  cardMinter?: Address;
  /** ATEM minted to the deployer, in wei. Default 1 000 000 000 ATEM. */
  atemSupply?: bigint;
  /** Name and symbol of the wrapped native token. Default 'Wrapped Ether' / 'WETH'. */
  wrappedNative?: { readonly name: string; readonly symbol: string };
  /** The zone's fulfilment signer. Default: the local zone signer (`LOCAL_ZONE_SIGNER_KEY`). */
  zoneSigner?: Address;
}

/** Addresses of what {@link deployLocal} deployed. */
export interface DeployLocalReturnType {
  deployer: Address;
  /** Seaport 1.6: the chain config's `exchange`. */
  seaport: Address;
  seaportVersion: string;
  conduitController: Address;
  /** Where sellers and ERC-20 buyers give their approvals. */
  conduit: Address;
  /** Goes into every order (`conduitKey`) and fill (`fulfillerConduitKey`). */
  conduitKey: Hex;
  /** The Kirafuda zone every order names (owned by the deployer). */
  zone: Address;
  card: Address;
  atem: Address;
  wrappedNative: Address;
}

/** Deploys Seaport, a conduit and the platform's contracts; resolves once all are mined. */
export async function deployLocal(parameters: DeployLocalParameters): Promise<DeployLocalReturnType> {
  const { publicClient, walletClient } = parameters;
  const account = walletClient.account;
  const deployer = account.address;
  const chain = walletClient.chain ?? null;

  const mined = async (hash: Hash): Promise<Address | null | undefined> => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (receipt.status !== 'success') throw new Error(`deployLocal: transaction ${hash} reverted`);
    return receipt.contractAddress;
  };
  const deploy = async (artifact: { abi: unknown; bytecode: string }, args: readonly unknown[]): Promise<Address> => {
    const hash = await walletClient.deployContract({
      abi: artifact.abi as Abi,
      bytecode: artifact.bytecode as Hex,
      args,
      account,
      chain,
    });
    const address = await mined(hash);
    if (!address) throw new Error(`deployLocal: no contract address in ${hash}`);
    return getAddress(address);
  };

  const conduitController = await deploy(conduitControllerArtifact, []);
  const seaport = await deploy(seaportArtifact, [conduitController]);

  const conduitKey = `${deployer.toLowerCase()}${'0'.repeat(24)}` as Hex;
  await mined(
    await walletClient.writeContract({
      address: conduitController,
      abi: conduitControllerAbi,
      functionName: 'createConduit',
      args: [conduitKey, deployer],
      account,
      chain,
    }),
  );
  const [conduit] = await publicClient.readContract({
    address: conduitController,
    abi: conduitControllerAbi,
    functionName: 'getConduit',
    args: [conduitKey],
  });
  await mined(
    await walletClient.writeContract({
      address: conduitController,
      abi: conduitControllerAbi,
      functionName: 'updateChannel',
      args: [conduit, seaport, true],
      account,
      chain,
    }),
  );

  const zone = await deploy(zoneArtifact, [seaport, conduit, deployer]);
  await mined(
    await walletClient.writeContract({
      address: zone,
      abi: zoneAdminAbi,
      functionName: 'addSigner',
      args: [parameters.zoneSigner ?? privateKeyToAccount(LOCAL_ZONE_SIGNER_KEY).address],
      account,
      chain,
    }),
  );

  const card = await deploy(cardArtifact, [
    'Kirafuda Card',
    'KIRA',
    parameters.cardBaseUri ?? '',
    parameters.cardAdmin ?? deployer,
    parameters.cardMinter ?? deployer,
    conduit,
    zone,
  ]);
  const atem = await deploy(atemArtifact, [parameters.atemSupply ?? parseEther('1000000000')]);
  const wrapped = parameters.wrappedNative ?? { name: 'Wrapped Ether', symbol: 'WETH' };
  const wrappedNative = await deploy(wrappedNativeArtifact, [wrapped.name, wrapped.symbol]);

  const [seaportVersion] = await publicClient.readContract({
    address: seaport,
    abi: seaportAbi,
    functionName: 'information',
  });
  return { deployer, seaport, seaportVersion, conduitController, conduit, conduitKey, zone, card, atem, wrappedNative };
}

/**
 * The Kirafuda zone's ABI (`contracts/KirafudaZone.sol`), typed for viem: what its owner calls (signers, the API
 * endpoint), what anyone reads (SIP-5 and SIP-7 metadata) and the errors a fill that names it may revert with (Seaport
 * passes a zone's revert on). A test checks every fragment against the compiled artifact.
 * @see https://github.com/ProjectOpenSea/SIPs/blob/main/SIPS/sip-7.md
 */
import { parseAbi } from 'viem';

/** The zone's errors: decode a failed fill's revert with them. */
export const zoneErrorsAbi = parseAbi([
  'error CallerNotSeaport(address caller)',
  'error UnsupportedExtraDataVersion(uint8 version)',
  'error InvalidExtraData(string reason, bytes32 orderHash)',
  'error InvalidFulfiller(address expectedFulfiller, address actualFulfiller, bytes32 orderHash)',
  'error SignatureExpired(uint256 currentTimestamp, uint256 expiration, bytes32 orderHash)',
  'error SignerNotActive(address signer, bytes32 orderHash)',
  'error MixedCurrencies(bytes32 orderHash)',
  'error UnpricedCards(bytes32 orderHash)',
  'error FeeNotPaid(bytes32 orderHash, uint256 required, uint256 paid)',
  'error RoyaltyNotPaid(bytes32 orderHash, address receiver, uint256 required, uint256 paid)',
  'error RequiredOrderMissing(bytes32 orderHash, bytes32 requiredOrderHash)',
]);

/** The owner's calls and the public reads. */
export const zoneAdminAbi = parseAbi([
  'function addSigner(address signer)',
  'function removeSigner(address signer)',
  'function getActiveSigners() view returns (address[])',
  'function updateAPIEndpoint(string apiEndpoint, string documentationURI)',
  'function sip7Information() view returns (bytes32 domainSeparator, string apiEndpoint, uint256[] substandards, string documentationURI)',
  'function seaport() view returns (address)',
  'function conduit() view returns (address)',
  'event SignerAdded(address signer)',
  'event SignerRemoved(address signer)',
  'error SignerCannotBeZeroAddress()',
  'error SignerAlreadyActive(address signer)',
  'error SignerCannotBeReauthorized(address signer)',
  'error SignerNotPresent(address signer)',
]);

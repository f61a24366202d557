/**
 * The Kirafuda-specific part of the Card contract's ABI (`contracts/Card.sol`), typed for viem: designs,
 * serials, metadata base URI, the minter role and ERC-2981 royalties, with their events and errors. The
 * standard ERC-721 part is viem's `erc721Abi`. A test checks every fragment against the compiled artifact.
 * @see ERC-721, ERC-2981
 */
import { parseAbi } from 'viem';

/** Card contract fragments beyond plain ERC-721. */
export const cardAbi = parseAbi([
  'struct Design { address creator; uint16 royaltyBps; uint64 maxSerials; uint64 minted; }',
  'function MINTER_ROLE() view returns (bytes32)',
  'function DEFAULT_ADMIN_ROLE() view returns (bytes32)',
  'function hasRole(bytes32 role, address account) view returns (bool)',
  'function grantRole(bytes32 role, address account)',
  'function issueDesign(address creator, uint16 royaltyBps, uint64 maxSerials) returns (uint256 designId)',
  'function mintSerials(uint256 designId, address to, uint64 count) returns (uint256 firstTokenId)',
  'function designOf(uint256 tokenId) view returns (uint256)',
  'function serialOf(uint256 tokenId) view returns (uint64)',
  'function designInfo(uint256 designId) view returns (Design)',
  'function designCount() view returns (uint256)',
  'function baseURI() view returns (string)',
  'function setBaseURI(string baseURI_)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function royaltyInfo(uint256 tokenId, uint256 salePrice) view returns (address receiver, uint256 amount)',
  'function totalSupply() view returns (uint256)',
  'function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)',
  'function tokenByIndex(uint256 index) view returns (uint256)',
  'function supportsInterface(bytes4 interfaceId) view returns (bool)',
  'event DesignIssued(uint256 indexed designId, address indexed creator, uint16 royaltyBps, uint64 maxSerials)',
  'event SerialMinted(uint256 indexed tokenId, uint256 indexed designId, uint64 serial, address indexed to)',
  'event BaseURIChanged(string baseURI)',
  'error UnknownDesign(uint256 designId)',
  'error InvalidCreator()',
  'error InvalidRoyalty(uint16 royaltyBps)',
  'error InvalidMaxSerials()',
  'error InvalidCount()',
  'error SerialsExhausted(uint256 designId, uint64 remaining)',
  'error AccessControlUnauthorizedAccount(address account, bytes32 neededRole)',
  'error ERC721NonexistentToken(uint256 tokenId)',
]);

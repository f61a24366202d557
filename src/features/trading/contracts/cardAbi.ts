/**
 * The Kirafuda-specific part of the Card contract's ABI (`contracts/Card.sol`), typed for viem: designs,
 * serials, metadata URIs (per design, frozen; the legacy base URI; ERC-7572 contractURI; ERC-4906 events), the minter
 * role and ERC-2981 royalties, with their events and errors. The
 * standard ERC-721 part is viem's `erc721Abi`. A test checks every fragment against the compiled artifact.
 * @see ERC-721, ERC-2981
 */
import { parseAbi } from 'viem';

/** Card contract fragments beyond plain ERC-721. */
export const cardAbi = parseAbi([
  'struct Design { address creator; uint16 royaltyBps; uint64 maxSerials; uint64 minted; uint40 uriPublishedAt; bool uriFrozen; }',
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
  'function FREEZE_WINDOW() view returns (uint256)',
  'function setDesignURI(uint256 designId, string uri)',
  'function freezeDesignURI(uint256 designId, uint256[] tokenIds)',
  'function isDesignURIFrozen(uint256 designId) view returns (bool)',
  'function designURI(uint256 designId) view returns (string)',
  'function contractURI() view returns (string)',
  'function setContractURI(string uri)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function royaltyInfo(uint256 tokenId, uint256 salePrice) view returns (address receiver, uint256 amount)',
  'function totalSupply() view returns (uint256)',
  'function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)',
  'function tokenByIndex(uint256 index) view returns (uint256)',
  'function supportsInterface(bytes4 interfaceId) view returns (bool)',
  'event DesignIssued(uint256 indexed designId, address indexed creator, uint16 royaltyBps, uint64 maxSerials)',
  'event SerialMinted(uint256 indexed tokenId, uint256 indexed designId, uint64 serial, address indexed to)',
  'event BaseURIChanged(string baseURI)',
  'event DesignURIChanged(uint256 indexed designId, string uri)',
  'event DesignURIFrozen(uint256 indexed designId, string uri)',
  'event PermanentURI(string _value, uint256 indexed _id)',
  'event MetadataUpdate(uint256 _tokenId)',
  'event BatchMetadataUpdate(uint256 _fromTokenId, uint256 _toTokenId)',
  'event ContractURIUpdated()',
  'error UnknownDesign(uint256 designId)',
  'error InvalidCreator()',
  'error InvalidRoyalty(uint16 royaltyBps)',
  'error InvalidMaxSerials()',
  'error InvalidCount()',
  'error SerialsExhausted(uint256 designId, uint64 remaining)',
  'error DesignURIIsFrozen(uint256 designId)',
  'error EmptyDesignURI(uint256 designId)',
  'error NotDesignCreator(uint256 designId, address account)',
  'error TokenNotOfDesign(uint256 tokenId, uint256 designId)',
  'error AccessControlUnauthorizedAccount(address account, bytes32 neededRole)',
  'error ERC721NonexistentToken(uint256 tokenId)',
]);

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ERC2981} from "@openzeppelin/contracts/token/common/ERC2981.sol";
import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721Enumerable} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721Enumerable.sol";
import {IERC4906} from "@openzeppelin/contracts/interfaces/IERC4906.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";
import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// @notice The transfer authorizer's side (the Kirafuda zone): true, consuming it, when a fill authorized the move.
interface IAuthorizesTransfers {
    function consumeTransferAuthorization(address operator, uint256 tokenId) external returns (bool);
}

/**
 * @title Kirafuda card
 * @notice Digital collectible cards. A card design is issued once (creator, royalty, number of serials); its
 * serials are then minted as consecutive token ids, each remembering its design and its serial number (1..n).
 * Royalties follow ERC-2981 and are set per design at issue time: every serial of a design pays the design's
 * creator the design's rate.
 *
 * Metadata is content-addressed: each design has a URI, `ipfs://<directory CID>`, of a UnixFS directory holding
 * one ERC-721 metadata JSON per serial, so tokenURI = designURI + "/" + serial. The platform minter publishes it
 * (before the first serial is minted, or later for designs issued before URIs existed) and may correct it during
 * {FREEZE_WINDOW}; the design's creator (or the minter) can freeze it at any time, and once the window has passed it
 * is frozen anyway: then no role can change it. Freezing emits OpenSea's `PermanentURI` and ERC-4906
 * `MetadataUpdate` for the tokens named. Designs without a URI (issued before) read baseURI + tokenId, which only
 * the admin changes. The collection's own metadata is `contractURI()` (ERC-7572).
 *
 * Royalties that hold: the creator chooses, when the collection's first design is issued, whether its royalty is
 * guaranteed (every later design of the contract must make the same choice). A guaranteed card moves by an operator
 * (a conduit, Seaport, any marketplace contract, an address the holder approved) only inside a fill that the
 * contract's transfer authorizer (the Kirafuda zone) authorized for that card: the zone checked that the fill pays
 * the ERC-2981 royalty. A transfer by the holder themself (a gift, a move between one's own wallets) is free. This
 * is ERC-721C's authorizer mode, with the holder's own transfers always allowed.
 *
 * Listing costs no gas: the platform's Seaport conduit is approved for every holder's cards from the start
 * (`isApprovedForAll(holder, conduit)` is true until the holder revokes it with `setApprovalForAll(conduit, false)`),
 * so a holder lists with a signature only. The conduit moves a card only for a Seaport order its holder signed.
 * @dev Token ids and design ids both start at 1, so 0 never names a token or a design.
 * @custom:see https://github.com/limitbreakinc/creator-token-standards (ERC-721C, authorizer mode)
 * @custom:see https://eips.ethereum.org/EIPS/eip-4906 https://eips.ethereum.org/EIPS/eip-7572
 * @custom:see https://docs.opensea.io/docs/metadata-standards (PermanentURI)
 */
contract Card is ERC721Enumerable, ERC2981, AccessControl, IERC4906 {
    /// @notice Role allowed to issue designs, mint serials and publish metadata (the platform minter).
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");
    /// @notice How long after its first publication a design's URI may still be corrected.
    uint256 public constant FREEZE_WINDOW = 3 days;

    struct Design {
        address creator;
        uint16 royaltyBps;
        uint64 maxSerials;
        /// @dev Packed with the creator and rate, which `royaltyInfo` reads: a guaranteed transfer reads it warm.
        bool royaltyGuaranteed;
        uint64 minted;
        /// @dev When the design's URI was first published (0: never); with `uriFrozen`, packed beside `minted`.
        uint40 uriPublishedAt;
        bool uriFrozen;
    }

    /// @notice Emitted when a card design is issued.
    event DesignIssued(
        uint256 indexed designId, address indexed creator, uint16 royaltyBps, uint64 maxSerials, bool royaltyGuaranteed
    );
    /// @notice Emitted when the admin names the contract that authorizes operator transfers of guaranteed cards.
    event TransferAuthorizerChanged(address authorizer);
    /// @notice Emitted for each serial minted, beside the ERC-721 Transfer event.
    event SerialMinted(uint256 indexed tokenId, uint256 indexed designId, uint64 serial, address indexed to);
    /// @notice Emitted when the admin changes the metadata base URI.
    event BaseURIChanged(string baseURI);
    /// @notice Emitted when a design's metadata URI is published or corrected.
    event DesignURIChanged(uint256 indexed designId, string uri);
    /// @notice Emitted once, when a design's metadata URI is frozen for good.
    event DesignURIFrozen(uint256 indexed designId, string uri);
    /// @notice OpenSea's signal that a token's metadata will never change.
    event PermanentURI(string _value, uint256 indexed _id);
    /// @notice ERC-7572: the collection's metadata changed.
    event ContractURIUpdated();

    error UnknownDesign(uint256 designId);
    error InvalidCreator();
    error InvalidRoyalty(uint16 royaltyBps);
    error InvalidMaxSerials();
    error InvalidCount();
    error SerialsExhausted(uint256 designId, uint64 remaining);
    error DesignURIIsFrozen(uint256 designId);
    error EmptyDesignURI(uint256 designId);
    error NotDesignCreator(uint256 designId, address account);
    error TokenNotOfDesign(uint256 tokenId, uint256 designId);
    error RoyaltyPolicyFixed(bool royaltyGuaranteed);
    error TransferNotAuthorized(address operator, uint256 tokenId);

    /// @notice The platform's Seaport conduit, approved for every holder until the holder revokes it.
    address public immutable preapprovedOperator;
    /// @notice Asked before an operator moves a royalty-guaranteed card (the Kirafuda zone).
    address public transferAuthorizer;

    uint256 private _designCount;
    uint256 private _nextTokenId = 1;
    string private _baseTokenURI;
    string private _contractURI;
    mapping(uint256 designId => Design) private _designs;
    mapping(uint256 tokenId => uint256) private _designOf;
    mapping(uint256 tokenId => uint64) private _serialOf;
    mapping(uint256 designId => string) private _designURIs;
    /// @dev Holders who revoked the conduit's standing approval.
    mapping(address holder => bool) private _preapprovalRevoked;

    /**
     * @param conduit the platform's Seaport conduit, approved for every holder (zero: none)
     * @param authorizer the contract asked before an operator moves a guaranteed card (the Kirafuda zone)
     */
    constructor(
        string memory name_,
        string memory symbol_,
        string memory baseURI_,
        address admin,
        address minter,
        address conduit,
        address authorizer
    ) ERC721(name_, symbol_) {
        _baseTokenURI = baseURI_;
        preapprovedOperator = conduit;
        transferAuthorizer = authorizer;
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(MINTER_ROLE, minter);
        emit TransferAuthorizerChanged(authorizer);
    }

    /**
     * @notice Issues a card design. Its serials pay `royaltyBps` (of 10000) of each sale price to `creator`; with
     * `guaranteed` no operator moves them outside a fill the transfer authorizer checked. The first design
     * fixes the collection's choice: a later one that differs reverts.
     * @return designId the new design's id (1, 2, ...)
     */
    function issueDesign(address creator, uint16 royaltyBps, uint64 maxSerials, bool guaranteed)
        external
        onlyRole(MINTER_ROLE)
        returns (uint256 designId)
    {
        if (creator == address(0)) revert InvalidCreator();
        if (royaltyBps > _feeDenominator()) revert InvalidRoyalty(royaltyBps);
        if (maxSerials == 0) revert InvalidMaxSerials();
        if (_designCount > 0 && _designs[1].royaltyGuaranteed != guaranteed) {
            revert RoyaltyPolicyFixed(_designs[1].royaltyGuaranteed);
        }
        designId = ++_designCount;
        _designs[designId] = Design({
            creator: creator,
            royaltyBps: royaltyBps,
            maxSerials: maxSerials,
            royaltyGuaranteed: guaranteed,
            minted: 0,
            uriPublishedAt: 0,
            uriFrozen: false
        });
        emit DesignIssued(designId, creator, royaltyBps, maxSerials, guaranteed);
    }

    /// @notice Whether the collection's royalty is guaranteed (chosen with its first design; false before one).
    function royaltyGuaranteed() external view returns (bool) {
        return _designs[1].royaltyGuaranteed;
    }

    /// @notice Names the contract asked before an operator moves a guaranteed card (a new zone version).
    function setTransferAuthorizer(address authorizer) external onlyRole(DEFAULT_ADMIN_ROLE) {
        transferAuthorizer = authorizer;
        emit TransferAuthorizerChanged(authorizer);
    }

    /// @notice ERC-721, with the platform's conduit approved for every holder who has not revoked it.
    function isApprovedForAll(address owner, address operator) public view override(ERC721, IERC721) returns (bool) {
        if (operator == preapprovedOperator && operator != address(0)) return !_preapprovalRevoked[owner];
        return super.isApprovedForAll(owner, operator);
    }

    /**
     * @notice Mints the next `count` serials of a design to `to`, as consecutive token ids.
     * @dev Minted with `_mint`, not `_safeMint`: no code at `to` runs, so no receiver (a contract wallet, or an
     * account that delegated to code through EIP-7702 after paying) can make a paid mint revert or burn the
     * minter's gas. The receiver is the buyer's own address, chosen by them.
     * @return firstTokenId the first minted token id; the others follow it
     */
    function mintSerials(uint256 designId, address to, uint64 count)
        external
        onlyRole(MINTER_ROLE)
        returns (uint256 firstTokenId)
    {
        Design storage design = _designs[designId];
        if (design.creator == address(0)) revert UnknownDesign(designId);
        if (count == 0) revert InvalidCount();
        uint64 minted = design.minted;
        if (count > design.maxSerials - minted) revert SerialsExhausted(designId, design.maxSerials - minted);
        design.minted = minted + count;
        firstTokenId = _nextTokenId;
        _nextTokenId = firstTokenId + count;
        for (uint64 i = 0; i < count; ++i) {
            uint256 tokenId = firstTokenId + i;
            uint64 serial = minted + i + 1;
            _designOf[tokenId] = designId;
            _serialOf[tokenId] = serial;
            _mint(to, tokenId);
            emit SerialMinted(tokenId, designId, serial, to);
            if (design.uriFrozen) emit PermanentURI(tokenURI(tokenId), tokenId);
        }
    }

    /**
     * @notice Publishes (or, within {FREEZE_WINDOW} of its first publication, corrects) a design's metadata URI,
     * `ipfs://<directory CID>` whose entries are named by serial.
     */
    function setDesignURI(uint256 designId, string calldata uri) external onlyRole(MINTER_ROLE) {
        Design storage design = _knownDesign(designId);
        if (isDesignURIFrozen(designId)) revert DesignURIIsFrozen(designId);
        if (bytes(uri).length == 0) revert EmptyDesignURI(designId);
        if (design.uriPublishedAt == 0) design.uriPublishedAt = uint40(block.timestamp);
        _designURIs[designId] = uri;
        emit DesignURIChanged(designId, uri);
        if (design.minted > 0) emit BatchMetadataUpdate(1, type(uint256).max);
    }

    /**
     * @notice Freezes a design's metadata URI for good (its creator, or the platform minter once the window has
     * passed), emitting `PermanentURI` and `MetadataUpdate` for each of `tokenIds` (the design's minted tokens;
     * serials minted later emit `PermanentURI` as they are minted). Calling it again emits the events again.
     */
    function freezeDesignURI(uint256 designId, uint256[] calldata tokenIds) external {
        Design storage design = _knownDesign(designId);
        if (msg.sender != design.creator && !hasRole(MINTER_ROLE, msg.sender)) {
            revert NotDesignCreator(designId, msg.sender);
        }
        string memory uri = _designURIs[designId];
        if (bytes(uri).length == 0) revert EmptyDesignURI(designId);
        if (!design.uriFrozen) {
            design.uriFrozen = true;
            emit DesignURIFrozen(designId, uri);
        }
        for (uint256 i = 0; i < tokenIds.length; ++i) {
            uint256 tokenId = tokenIds[i];
            if (_designOf[tokenId] != designId) revert TokenNotOfDesign(tokenId, designId);
            emit PermanentURI(tokenURI(tokenId), tokenId);
            emit MetadataUpdate(tokenId);
        }
    }

    /// @notice Whether a design's URI can no longer change: frozen, or published more than {FREEZE_WINDOW} ago.
    function isDesignURIFrozen(uint256 designId) public view returns (bool) {
        Design storage design = _knownDesign(designId);
        if (design.uriFrozen) return true;
        uint256 publishedAt = design.uriPublishedAt;
        return publishedAt != 0 && block.timestamp >= publishedAt + FREEZE_WINDOW;
    }

    /// @notice A design's metadata URI (`ipfs://<directory CID>`), or "" before it is published.
    function designURI(uint256 designId) external view returns (string memory) {
        _knownDesign(designId);
        return _designURIs[designId];
    }

    /// @notice ERC-7572: the collection's metadata (`ipfs://<CID>` of a JSON document).
    function contractURI() external view returns (string memory) {
        return _contractURI;
    }

    /// @notice Publishes the collection's metadata (the platform minter; ERC-7572 `ContractURIUpdated`).
    function setContractURI(string calldata uri) external onlyRole(MINTER_ROLE) {
        _contractURI = uri;
        emit ContractURIUpdated();
    }

    /// @notice Changes the metadata base URI, which only designs without a URI of their own read.
    function setBaseURI(string calldata baseURI_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _baseTokenURI = baseURI_;
        emit BaseURIChanged(baseURI_);
        if (_nextTokenId > 1) emit BatchMetadataUpdate(1, type(uint256).max);
    }

    /// @notice The metadata base URI; tokenURI is this followed by the decimal token id.
    function baseURI() external view returns (string memory) {
        return _baseTokenURI;
    }

    /// @notice The design a token is a serial of.
    function designOf(uint256 tokenId) external view returns (uint256) {
        _requireOwned(tokenId);
        return _designOf[tokenId];
    }

    /// @notice A token's serial number within its design (1..maxSerials).
    function serialOf(uint256 tokenId) external view returns (uint64) {
        _requireOwned(tokenId);
        return _serialOf[tokenId];
    }

    /// @notice A design's creator, royalty rate, serial limit, serials minted so far and its URI's state.
    function designInfo(uint256 designId) external view returns (Design memory) {
        return _knownDesign(designId);
    }

    /// @notice The token's metadata: its design's URI followed by "/" and its serial, or baseURI + token id.
    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        string storage uri = _designURIs[_designOf[tokenId]];
        if (bytes(uri).length == 0) return super.tokenURI(tokenId);
        return string.concat(uri, "/", Strings.toString(_serialOf[tokenId]));
    }

    /// @notice Number of designs issued; design ids run from 1 to this.
    function designCount() external view returns (uint256) {
        return _designCount;
    }

    /// @inheritdoc ERC2981
    /// @dev The receiver and rate come from the token's design; unknown tokens pay no royalty.
    function royaltyInfo(uint256 tokenId, uint256 salePrice)
        public
        view
        override
        returns (address receiver, uint256 amount)
    {
        Design storage design = _designs[_designOf[tokenId]];
        if (design.creator == address(0)) return (address(0), 0);
        return (design.creator, (salePrice * design.royaltyBps) / _feeDenominator());
    }

    /// @dev Also ERC-4906 (0x49064906).
    function supportsInterface(bytes4 interfaceId)
        public
        view
        override(ERC721Enumerable, ERC2981, AccessControl, IERC165)
        returns (bool)
    {
        return interfaceId == bytes4(0x49064906) || super.supportsInterface(interfaceId);
    }

    function _knownDesign(uint256 designId) private view returns (Design storage design) {
        design = _designs[designId];
        if (design.creator == address(0)) revert UnknownDesign(designId);
    }

    function _baseURI() internal view override returns (string memory) {
        return _baseTokenURI;
    }

    /// @dev The conduit's approval is a standing one: setting it records only a revocation (or its undoing).
    function _setApprovalForAll(address owner, address operator, bool approved) internal override {
        if (operator != preapprovedOperator || operator == address(0)) {
            super._setApprovalForAll(owner, operator, approved);
            return;
        }
        _preapprovalRevoked[owner] = !approved;
        emit ApprovalForAll(owner, operator, approved);
    }

    /// @dev An operator (`auth` other than the holder) moves a guaranteed card only when the authorizer allows it.
    function _update(address to, uint256 tokenId, address auth) internal override returns (address) {
        if (auth != address(0) && auth != _ownerOf(tokenId) && _designs[_designOf[tokenId]].royaltyGuaranteed) {
            address authorizer = transferAuthorizer;
            if (authorizer == address(0) || !IAuthorizesTransfers(authorizer).consumeTransferAuthorization(auth, tokenId)) {
                revert TransferNotAuthorized(auth, tokenId);
            }
        }
        return super._update(to, tokenId, auth);
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ERC2981} from "@openzeppelin/contracts/token/common/ERC2981.sol";
import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721Enumerable} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721Enumerable.sol";

/**
 * @title Kirafuda card
 * @notice Digital collectible cards. A card design is issued once (creator, royalty, number of serials); its
 * serials are then minted as consecutive token ids, each remembering its design and its serial number (1..n).
 * Royalties follow ERC-2981 and are set per design at issue time: every serial of a design pays the design's
 * creator the design's rate. Metadata lives on the platform API: tokenURI = baseURI + tokenId.
 * @dev Token ids and design ids both start at 1, so 0 never names a token or a design.
 */
contract Card is ERC721Enumerable, ERC2981, AccessControl {
    /// @notice Role allowed to issue designs and mint serials (the platform minter).
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    struct Design {
        address creator;
        uint16 royaltyBps;
        uint64 maxSerials;
        uint64 minted;
    }

    /// @notice Emitted when a card design is issued.
    event DesignIssued(uint256 indexed designId, address indexed creator, uint16 royaltyBps, uint64 maxSerials);
    /// @notice Emitted for each serial minted, beside the ERC-721 Transfer event.
    event SerialMinted(uint256 indexed tokenId, uint256 indexed designId, uint64 serial, address indexed to);
    /// @notice Emitted when the admin changes the metadata base URI.
    event BaseURIChanged(string baseURI);

    error UnknownDesign(uint256 designId);
    error InvalidCreator();
    error InvalidRoyalty(uint16 royaltyBps);
    error InvalidMaxSerials();
    error InvalidCount();
    error SerialsExhausted(uint256 designId, uint64 remaining);

    uint256 private _designCount;
    uint256 private _nextTokenId = 1;
    string private _baseTokenURI;
    mapping(uint256 designId => Design) private _designs;
    mapping(uint256 tokenId => uint256) private _designOf;
    mapping(uint256 tokenId => uint64) private _serialOf;

    constructor(string memory name_, string memory symbol_, string memory baseURI_, address admin, address minter)
        ERC721(name_, symbol_)
    {
        _baseTokenURI = baseURI_;
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(MINTER_ROLE, minter);
    }

    /**
     * @notice Issues a card design. Its serials pay `royaltyBps` (of 10000) of each sale price to `creator`.
     * @return designId the new design's id (1, 2, ...)
     */
    function issueDesign(address creator, uint16 royaltyBps, uint64 maxSerials)
        external
        onlyRole(MINTER_ROLE)
        returns (uint256 designId)
    {
        if (creator == address(0)) revert InvalidCreator();
        if (royaltyBps > _feeDenominator()) revert InvalidRoyalty(royaltyBps);
        if (maxSerials == 0) revert InvalidMaxSerials();
        designId = ++_designCount;
        _designs[designId] = Design({creator: creator, royaltyBps: royaltyBps, maxSerials: maxSerials, minted: 0});
        emit DesignIssued(designId, creator, royaltyBps, maxSerials);
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
        }
    }

    /// @notice Changes the metadata base URI (the platform API).
    function setBaseURI(string calldata baseURI_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _baseTokenURI = baseURI_;
        emit BaseURIChanged(baseURI_);
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

    /// @notice A design's creator, royalty rate, serial limit and serials minted so far.
    function designInfo(uint256 designId) external view returns (Design memory) {
        Design memory design = _designs[designId];
        if (design.creator == address(0)) revert UnknownDesign(designId);
        return design;
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

    function supportsInterface(bytes4 interfaceId)
        public
        view
        override(ERC721Enumerable, ERC2981, AccessControl)
        returns (bool)
    {
        return super.supportsInterface(interfaceId);
    }

    function _baseURI() internal view override returns (string memory) {
        return _baseTokenURI;
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable, Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";

/// @dev Seaport 1.6's structs as its zone interface passes them (seaport-types `ConsiderationStructs.sol`); item types
/// are Seaport's `ItemType` (0 native, 1 ERC-20, 2 ERC-721, 3 ERC-1155; criteria items arrive resolved).
struct SpentItem {
    uint8 itemType;
    address token;
    uint256 identifier;
    uint256 amount;
}

struct ReceivedItem {
    uint8 itemType;
    address token;
    uint256 identifier;
    uint256 amount;
    address payable recipient;
}

struct ZoneParameters {
    bytes32 orderHash;
    address fulfiller;
    address offerer;
    SpentItem[] offer;
    ReceivedItem[] consideration;
    bytes extraData;
    bytes32[] orderHashes;
    uint256 startTime;
    uint256 endTime;
    bytes32 zoneHash;
}

struct Schema {
    uint256 id;
    bytes metadata;
}

/// @notice Seaport 1.6's zone interface (SIP-5 metadata, ERC-165).
interface ZoneInterface {
    function authorizeOrder(ZoneParameters calldata zoneParameters) external returns (bytes4);
    function validateOrder(ZoneParameters calldata zoneParameters) external returns (bytes4);
    function getSeaportMetadata() external view returns (string memory name, Schema[] memory schemas);
}

/// @notice What a card contract asks the zone before an operator moves a royalty-guaranteed card.
interface TransferAuthorizer {
    function consumeTransferAuthorization(address operator, uint256 tokenId) external returns (bool);
}

/**
 * @title Kirafuda zone
 * @notice The zone of every Kirafuda order (restricted Seaport 1.6 orders). At a fill, Seaport calls
 * `authorizeOrder` before any transfer and `validateOrder` after them; this zone then
 *
 * 1. checks a short-lived signature of the Kirafuda server over the order and its fulfiller (SIP-7: `extraData`
 *    = SIP-6 version byte 0x00, expected fulfiller (20 bytes), expiration (uint64), an EIP-2098 compact signature
 *    of `SignedOrder(fulfiller, expiration, orderHash, context)` by an active signer, then `context`). The server
 *    signs only for orders it considers live, so a cancel on Kirafuda holds without gas;
 * 2. checks that the order pays the platform fee and the card's ERC-2981 royalty: the order's price is the coin it
 *    moves (what its offer gives, for an offer, a bid or a trade with coins; else what its consideration asks, for
 *    a listing); the fee is `price * feeBps / 10000` to the fee recipient, both from the signed context (the terms
 *    the server accepted the order with), and the royalty is `royaltyInfo(tokenId, price)` of the one card on the
 *    other side of the coin, to its receiver. An order that moves no coin (cards for cards) owes neither. Each may
 *    fall short of the exact figure by one wei per consideration item: Seaport rounds a declining price's items
 *    one by one. A context carrying an order hash instead vouches that the order is filled together with that
 *    order (a timed auction's listing with its winning bid, which pays fee and royalty): `validateOrder` checks
 *    that the fill included it;
 * 3. enforces a private order: a `zoneHash` holding an address in its low 20 bytes (the upper 12 zero) may be
 *    filled only by that address (a counter offer);
 * 4. authorizes the transfers of the order's ERC-721 items for this fill only: `authorizeOrder` sets one
 *    authorization per card in transient storage (EIP-1153), the card contract consumes it when Seaport or the
 *    platform's conduit moves a royalty-guaranteed card (so a card moves once per fill; two orders of one fill naming
 *    the same card, a listing and the bid it is matched with, still move it once), and `validateOrder` clears what
 *    is left. Only Seaport may
 *    call either, so no one sets an authorization outside a fill Seaport checked. This is ERC-721C's authorizer
 *    mode, with the zone as its own registry.
 *
 * Signers follow SIP-7: added and removed by the owner, never re-added once removed.
 * @custom:see https://github.com/ProjectOpenSea/SIPs/blob/main/SIPS/sip-7.md (and SIP-5, SIP-6)
 * @custom:see https://github.com/ProjectOpenSea/seaport/blob/main/docs/ZoneDocumentation.md
 * @custom:see https://eips.ethereum.org/EIPS/eip-1153 https://eips.ethereum.org/EIPS/eip-2098
 */
contract KirafudaZone is ZoneInterface, TransferAuthorizer, EIP712, Ownable2Step {
    bytes32 private constant SIGNED_ORDER_TYPEHASH =
        keccak256("SignedOrder(address fulfiller,uint64 expiration,bytes32 orderHash,bytes context)");
    /// @dev Namespace of the transient authorizations: slot = keccak256(card, tokenId, namespace).
    bytes32 private constant AUTHORIZATION_NAMESPACE = keccak256("kirafuda.zone.transfer-authorization");
    uint256 private constant BPS = 10_000;

    /// @notice The Seaport whose fills this zone checks; the only caller of `authorizeOrder` and `validateOrder`.
    address public immutable seaport;
    /// @notice The platform's conduit: with Seaport, the only operator an authorization lets move a card.
    address public immutable conduit;

    /// @dev 1: active, 2: removed for good.
    mapping(address signer => uint8) private _signers;
    address[] private _activeSigners;
    string private _apiEndpoint;
    string private _documentationURI;

    event SignerAdded(address signer);
    event SignerRemoved(address signer);
    event APIEndpointUpdated(string apiEndpoint, string documentationURI);

    error CallerNotSeaport(address caller);
    error UnsupportedExtraDataVersion(uint8 version);
    error InvalidExtraData(string reason, bytes32 orderHash);
    error InvalidFulfiller(address expectedFulfiller, address actualFulfiller, bytes32 orderHash);
    error SignatureExpired(uint256 currentTimestamp, uint256 expiration, bytes32 orderHash);
    error SignerNotActive(address signer, bytes32 orderHash);
    error SignerCannotBeZeroAddress();
    error SignerAlreadyActive(address signer);
    error SignerCannotBeReauthorized(address signer);
    error SignerNotPresent(address signer);
    error MixedCurrencies(bytes32 orderHash);
    error UnpricedCards(bytes32 orderHash);
    error FeeNotPaid(bytes32 orderHash, uint256 required, uint256 paid);
    error RoyaltyNotPaid(bytes32 orderHash, address receiver, uint256 required, uint256 paid);
    error RequiredOrderMissing(bytes32 orderHash, bytes32 requiredOrderHash);

    constructor(address seaport_, address conduit_, address owner_) EIP712("KirafudaZone", "1") Ownable(owner_) {
        seaport = seaport_;
        conduit = conduit_;
    }

    // Seaport's calls

    /// @inheritdoc ZoneInterface
    function authorizeOrder(ZoneParameters calldata zp) external override returns (bytes4) {
        if (msg.sender != seaport) revert CallerNotSeaport(msg.sender);
        bytes calldata context = _checkSignature(zp);
        _checkPrivate(zp);
        if (context.length != 22 && context.length != 54) revert InvalidExtraData("context", zp.orderHash);
        // One pass over the items: the coin each side moves, the fee paid, the cards (each authorized once).
        Tally memory tally = _tally(zp, address(bytes20(context[2:22])));
        if (context.length == 22) _checkPayments(zp, tally, uint16(bytes2(context[0:2])));
        return this.authorizeOrder.selector;
    }

    /// @inheritdoc ZoneInterface
    function validateOrder(ZoneParameters calldata zp) external override returns (bytes4) {
        if (msg.sender != seaport) revert CallerNotSeaport(msg.sender);
        bytes calldata extraData = zp.extraData;
        if (extraData.length == 147) {
            bytes32 required = bytes32(extraData[115:147]);
            bytes32[] calldata hashes = zp.orderHashes;
            uint256 i;
            while (i < hashes.length && hashes[i] != required) ++i;
            if (i == hashes.length) revert RequiredOrderMissing(zp.orderHash, required);
        }
        _count(zp, true);
        return this.validateOrder.selector;
    }

    /// @inheritdoc TransferAuthorizer
    /// @dev Called by a card contract (`msg.sender`) before `operator` moves `tokenId` of it; true, consuming the
    /// authorization, when a fill in progress authorized that move through Seaport or the conduit.
    function consumeTransferAuthorization(address operator, uint256 tokenId) external override returns (bool) {
        if (operator != seaport && operator != conduit) return false;
        bytes32 slot = _authorizationSlot(msg.sender, tokenId);
        uint256 authorized;
        assembly ("memory-safe") {
            authorized := tload(slot)
            tstore(slot, 0)
        }
        return authorized != 0;
    }

    // Checks

    /// @dev SIP-7: version, expected fulfiller, expiration, signer; returns the signed context.
    function _checkSignature(ZoneParameters calldata zp) private view returns (bytes calldata context) {
        bytes calldata extraData = zp.extraData;
        bytes32 orderHash = zp.orderHash;
        if (extraData.length < 93) revert InvalidExtraData("length", orderHash);
        if (extraData[0] != 0x00) revert UnsupportedExtraDataVersion(uint8(extraData[0]));
        address expected = address(bytes20(extraData[1:21]));
        if (expected != address(0) && expected != zp.fulfiller) {
            revert InvalidFulfiller(expected, zp.fulfiller, orderHash);
        }
        uint64 expiration = uint64(bytes8(extraData[21:29]));
        if (block.timestamp > expiration) revert SignatureExpired(block.timestamp, expiration, orderHash);
        context = extraData[93:];
        bytes32 digest = _hashTypedDataV4(
            keccak256(abi.encode(SIGNED_ORDER_TYPEHASH, expected, expiration, orderHash, keccak256(context)))
        );
        (address signer, ECDSA.RecoverError failure,) =
            ECDSA.tryRecover(digest, bytes32(extraData[29:61]), bytes32(extraData[61:93]));
        if (failure != ECDSA.RecoverError.NoError || _signers[signer] != 1) revert SignerNotActive(signer, orderHash);
    }

    /// @dev A zone hash naming an address (upper 12 bytes zero) restricts the fill to that address.
    function _checkPrivate(ZoneParameters calldata zp) private pure {
        uint256 zoneHash = uint256(zp.zoneHash);
        if (zoneHash == 0 || zoneHash >> 160 != 0) return;
        address taker = address(uint160(zoneHash));
        if (zp.fulfiller != taker) revert InvalidFulfiller(taker, zp.fulfiller, zp.orderHash);
    }

    /// @dev The fee and the royalty of the order's price (see the contract's comment).
    function _checkPayments(ZoneParameters calldata zp, Tally memory tally, uint256 feeBps) private view {
        uint256 price = tally.offered != 0 ? tally.offered : tally.asked;
        if (price == 0) return;
        uint256 slack = zp.consideration.length;
        uint256 fee = (price * feeBps) / BPS;
        if (tally.feePaid + slack < fee) revert FeeNotPaid(zp.orderHash, fee, tally.feePaid);
        // The card the coin pays for: the one asked for by an order that gives coin, else the one offered.
        (uint256 cards, address token, uint256 tokenId) = tally.offered != 0
            ? (tally.askedCards, tally.askedToken, tally.askedId)
            : (tally.offerCards, tally.offerToken, tally.offerId);
        if (cards != 1) revert UnpricedCards(zp.orderHash);
        (address receiver, uint256 royalty) = _royaltyInfo(token, tokenId, price);
        if (royalty == 0 || receiver == address(0)) return;
        // The royalty item comes last in the orders Kirafuda and seaport-js make: its amount usually settles it.
        uint256 received = receiver == tally.lastRecipient ? tally.lastPaid : 0;
        if (received + slack < royalty) received = _paidTo(zp, receiver);
        if (received + slack < royalty) revert RoyaltyNotPaid(zp.orderHash, receiver, royalty, received);
    }

    /// @dev The coin each side moves, what reaches the fee recipient, and each side's cards (how many, the last).
    struct Tally {
        uint256 offered;
        uint256 asked;
        uint256 feePaid;
        uint256 offerCards;
        address offerToken;
        uint256 offerId;
        uint256 askedCards;
        address askedToken;
        uint256 askedId;
        address lastRecipient;
        uint256 lastPaid;
    }

    /// @dev Reads every item once; every coin item of an order is of one currency, or the order is refused. Each
    /// ERC-721 item gets one transfer authorization.
    function _tally(ZoneParameters calldata zp, address feeRecipient) private returns (Tally memory tally) {
        uint256 currency = type(uint256).max;
        SpentItem[] calldata offer = zp.offer;
        uint256 length = offer.length;
        for (uint256 i = 0; i < length; ++i) {
            SpentItem calldata item = offer[i];
            uint8 itemType = item.itemType;
            address token = item.token;
            if (itemType < 2) {
                currency = _sameCurrency(currency, itemType, token, zp.orderHash);
                tally.offered += item.amount;
            } else {
                uint256 id = item.identifier;
                ++tally.offerCards;
                tally.offerToken = token;
                tally.offerId = id;
                if (itemType == 2) _mark(token, id, false);
            }
        }
        ReceivedItem[] calldata consideration = zp.consideration;
        length = consideration.length;
        for (uint256 i = 0; i < length; ++i) {
            ReceivedItem calldata item = consideration[i];
            uint8 itemType = item.itemType;
            address token = item.token;
            if (itemType < 2) {
                currency = _sameCurrency(currency, itemType, token, zp.orderHash);
                uint256 amount = item.amount;
                address recipient = item.recipient;
                tally.asked += amount;
                if (recipient == feeRecipient) tally.feePaid += amount;
                tally.lastRecipient = recipient;
                tally.lastPaid = amount;
            } else {
                uint256 id = item.identifier;
                ++tally.askedCards;
                tally.askedToken = token;
                tally.askedId = id;
                if (itemType == 2) _mark(token, id, false);
            }
        }
    }

    /// @dev The order's currency as (item type << 160 | token), the first coin item's; a different one reverts.
    function _sameCurrency(uint256 currency, uint8 itemType, address token, bytes32 orderHash)
        private
        pure
        returns (uint256)
    {
        uint256 this_ = (uint256(itemType) << 160) | uint160(token);
        if (currency != type(uint256).max && currency != this_) revert MixedCurrencies(orderHash);
        return this_;
    }

    /// @dev What the consideration pays `recipient` in coin.
    function _paidTo(ZoneParameters calldata zp, address recipient) private pure returns (uint256 paid) {
        ReceivedItem[] calldata consideration = zp.consideration;
        for (uint256 i = 0; i < consideration.length; ++i) {
            if (consideration[i].itemType < 2 && consideration[i].recipient == recipient) {
                paid += consideration[i].amount;
            }
        }
    }

    /// @dev ERC-2981 `royaltyInfo`; a token without it (a revert, or a short answer) owes none.
    function _royaltyInfo(address token, uint256 tokenId, uint256 price)
        private
        view
        returns (address receiver, uint256 amount)
    {
        assembly ("memory-safe") {
            let free := mload(0x40)
            mstore(free, shl(224, 0x2a55205a))
            mstore(add(free, 0x04), tokenId)
            mstore(add(free, 0x24), price)
            // A failed call or a short answer owes nothing.
            let ok := staticcall(gas(), token, free, 0x44, free, 0x40)
            if and(ok, gt(returndatasize(), 0x3f)) {
                receiver := and(mload(free), 0xffffffffffffffffffffffffffffffffffffffff)
                amount := mload(add(free, 0x20))
            }
        }
    }

    /// @dev Clears (`clear` true) the authorizations of the order's ERC-721 items.
    function _count(ZoneParameters calldata zp, bool clear) private {
        SpentItem[] calldata offer = zp.offer;
        for (uint256 i = 0; i < offer.length; ++i) {
            if (offer[i].itemType == 2) _mark(offer[i].token, offer[i].identifier, clear);
        }
        ReceivedItem[] calldata consideration = zp.consideration;
        for (uint256 i = 0; i < consideration.length; ++i) {
            if (consideration[i].itemType == 2) _mark(consideration[i].token, consideration[i].identifier, clear);
        }
    }

    function _mark(address token, uint256 tokenId, bool clear) private {
        bytes32 slot = _authorizationSlot(token, tokenId);
        assembly ("memory-safe") {
            tstore(slot, iszero(clear))
        }
    }

    function _authorizationSlot(address token, uint256 tokenId) private pure returns (bytes32 slot) {
        bytes32 namespace = AUTHORIZATION_NAMESPACE;
        assembly ("memory-safe") {
            let free := mload(0x40)
            mstore(free, token)
            mstore(add(free, 0x20), tokenId)
            mstore(add(free, 0x40), namespace)
            slot := keccak256(free, 0x60)
        }
    }

    // Signers (SIP-7)

    /// @notice Lets `signer` sign fulfilments. Reverts for the zero address, an active or a removed signer.
    function addSigner(address signer) external onlyOwner {
        if (signer == address(0)) revert SignerCannotBeZeroAddress();
        uint8 state = _signers[signer];
        if (state == 1) revert SignerAlreadyActive(signer);
        if (state == 2) revert SignerCannotBeReauthorized(signer);
        _signers[signer] = 1;
        _activeSigners.push(signer);
        emit SignerAdded(signer);
    }

    /// @notice Stops `signer` for good: its signatures, even unexpired ones, no longer fill anything.
    function removeSigner(address signer) external onlyOwner {
        if (_signers[signer] != 1) revert SignerNotPresent(signer);
        _signers[signer] = 2;
        uint256 last = _activeSigners.length - 1;
        for (uint256 i = 0; i <= last; ++i) {
            if (_activeSigners[i] == signer) {
                _activeSigners[i] = _activeSigners[last];
                _activeSigners.pop();
                break;
            }
        }
        emit SignerRemoved(signer);
    }

    /// @notice The signers whose signatures fill orders now.
    function getActiveSigners() external view returns (address[] memory) {
        return _activeSigners;
    }

    /// @notice Where fillers ask for a fulfilment's signature, and the page that documents this zone.
    function updateAPIEndpoint(string calldata apiEndpoint, string calldata documentationURI) external onlyOwner {
        _apiEndpoint = apiEndpoint;
        _documentationURI = documentationURI;
        emit APIEndpointUpdated(apiEndpoint, documentationURI);
    }

    // Metadata

    /// @notice SIP-7: the EIP-712 domain separator of the signatures, the API endpoint, the substandards (none:
    /// the context holds Kirafuda's fee terms, see the documentation URI) and the documentation URI.
    function sip7Information()
        public
        view
        returns (
            bytes32 domainSeparator,
            string memory apiEndpoint,
            uint256[] memory substandards,
            string memory documentationURI
        )
    {
        return (_domainSeparatorV4(), _apiEndpoint, new uint256[](0), _documentationURI);
    }

    /// @inheritdoc ZoneInterface
    function getSeaportMetadata() external view override returns (string memory name, Schema[] memory schemas) {
        (bytes32 domainSeparator, string memory apiEndpoint, uint256[] memory substandards, string memory docs) =
            sip7Information();
        schemas = new Schema[](1);
        schemas[0] = Schema({id: 7, metadata: abi.encode(domainSeparator, apiEndpoint, substandards, docs)});
        return ("KirafudaZone", schemas);
    }

    /// @notice ERC-165: the zone interface and ERC-165 itself.
    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == type(ZoneInterface).interfaceId || interfaceId == 0x01ffc9a7;
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {IERC721Receiver} from "@openzeppelin/contracts/token/ERC721/IERC721Receiver.sol";

/**
 * A hostile smart-contract wallet for tests of what one wallet can do to settlements, carts and offers. Its
 * owner makes it hold and approve cards and tokens (`execute`), and sets how its ERC-1271 `isValidSignature`
 * answers (any signature is accepted when it says yes):
 * - `Always`: yes, as an honest wallet would.
 * - `WithoutGasPrice`: yes only when `tx.gasprice` is 0, which is how geth-family nodes run an `eth_call`
 *   without fee fields: a naive simulation passes, a gas estimate or a transaction with fees fails.
 * - `FromBlock`: no from block `switchBlock` on: simulations of earlier blocks pass, the transaction mined in
 *   that block fails, and so does every check after it.
 * - `AtBlock`: no in block `switchBlock` only: the transaction mined there fails, every simulation before and
 *   after it passes (nothing a later check can see).
 * - `Never`: no.
 * The owner can switch at any moment (a call of its own, front-running the victim's transaction).
 * @dev Test contract only; never deployed outside tests.
 */
contract TestHostileWallet is IERC1271, IERC721Receiver {
    enum Mode {
        Always,
        WithoutGasPrice,
        FromBlock,
        AtBlock,
        Never
    }

    address public immutable owner;
    Mode public mode;
    uint256 public switchBlock;

    error NotOwner();

    constructor(address owner_) {
        owner = owner_;
    }

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner();
        _;
    }

    /** Sets how `isValidSignature` answers (see the contract comment). */
    function setMode(Mode mode_, uint256 switchBlock_) external onlyOwner {
        mode = mode_;
        switchBlock = switchBlock_;
    }

    /** Calls `target` with `data` and `value` (from what the call brings or the wallet holds) as the wallet. */
    function execute(address target, uint256 value, bytes calldata data) external payable onlyOwner returns (bytes memory) {
        (bool ok, bytes memory result) = target.call{value: value}(data);
        if (!ok) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
        return result;
    }

    function isValidSignature(bytes32, bytes calldata) external view returns (bytes4) {
        bool valid = mode == Mode.Always || (mode == Mode.WithoutGasPrice && tx.gasprice == 0)
            || (mode == Mode.FromBlock && block.number < switchBlock)
            || (mode == Mode.AtBlock && block.number != switchBlock);
        return valid ? IERC1271.isValidSignature.selector : bytes4(0xffffffff);
    }

    function onERC721Received(address, address, uint256, bytes calldata) external pure returns (bytes4) {
        return IERC721Receiver.onERC721Received.selector;
    }

    receive() external payable {}
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/**
 * @title Wrapped native coin for local chains (WETH / WBNB / WKLAY style)
 * @notice 1:1 wrapper of the chain's native coin: deposit (or plain transfer) wraps, withdraw unwraps.
 * The events follow WETH9 so indexers read it as they read the real wrappers.
 */
contract TestWrappedNative is ERC20 {
    event Deposit(address indexed dst, uint256 wad);
    event Withdrawal(address indexed src, uint256 wad);

    error NativeTransferFailed();

    constructor(string memory name_, string memory symbol_) ERC20(name_, symbol_) {}

    receive() external payable {
        deposit();
    }

    /// @notice Wraps the sent native coin into the same amount of tokens.
    function deposit() public payable {
        _mint(msg.sender, msg.value);
        emit Deposit(msg.sender, msg.value);
    }

    /// @notice Burns `amount` tokens and sends the same amount of native coin back.
    function withdraw(uint256 amount) external {
        _burn(msg.sender, amount);
        emit Withdrawal(msg.sender, amount);
        (bool ok,) = msg.sender.call{value: amount}("");
        if (!ok) revert NativeTransferFailed();
    }
}

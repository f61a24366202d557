// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/**
 * @title Atem (ATEM)
 * @notice The platform's ERC-20 currency, 18 decimals. The whole supply is minted to the deployer at deployment
 * (tests and local chains hand it out from there).
 */
contract Atem is ERC20 {
    constructor(uint256 initialSupply) ERC20("Atem", "ATEM") {
        _mint(msg.sender, initialSupply);
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/**
 * A minimal smart-contract wallet for tests: it accepts (ERC-1271) signatures made by its owner's key.
 * Deployed by {TestSmartAccountFactory} at a CREATE2 address known before deployment, so a wallet can sign
 * in with an ERC-6492 signature before it exists on chain.
 * @dev Test contract only; never deployed outside local chains and tests.
 */
contract TestSmartAccount is IERC1271 {
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        (address signer, ECDSA.RecoverError failure, ) = ECDSA.tryRecover(hash, signature);
        return failure == ECDSA.RecoverError.NoError && signer == owner ? IERC1271.isValidSignature.selector : bytes4(0xffffffff);
    }
}

/** Deploys {TestSmartAccount}s with CREATE2 (the address depends only on the owner and the salt). */
contract TestSmartAccountFactory {
    event Deployed(address account, address owner);

    /** The address `deploy(owner, salt)` deploys (or deployed) to. */
    function accountAddress(address owner, bytes32 salt) public view returns (address) {
        bytes32 codeHash = keccak256(abi.encodePacked(type(TestSmartAccount).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, codeHash)))));
    }

    /** Deploys the owner's account for `salt`, or returns it when it exists already. */
    function deploy(address owner, bytes32 salt) external returns (address account) {
        account = accountAddress(owner, salt);
        if (account.code.length == 0) {
            account = address(new TestSmartAccount{salt: salt}(owner));
            emit Deployed(account, owner);
        }
    }
}

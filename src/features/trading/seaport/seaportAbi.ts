/**
 * The part of Seaport 1.6's ABI Kirafuda calls: filling (basic, standard and advanced, with criteria), cancelling, counters, order
 * hashes and status, `information()`, the three events we index, and the errors a buyer or seller meets
 * (so viem names the revert instead of showing raw data). Signatures match the deployed artifact's.
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md
 */
import { parseAbi } from 'viem';

/** Seaport 1.6 ABI fragments, typed for viem. */
export const seaportAbi = parseAbi([
  'struct OfferItem { uint8 itemType; address token; uint256 identifierOrCriteria; uint256 startAmount; uint256 endAmount; }',
  'struct ConsiderationItem { uint8 itemType; address token; uint256 identifierOrCriteria; uint256 startAmount; uint256 endAmount; address recipient; }',
  'struct OrderComponents { address offerer; address zone; OfferItem[] offer; ConsiderationItem[] consideration; uint8 orderType; uint256 startTime; uint256 endTime; bytes32 zoneHash; uint256 salt; bytes32 conduitKey; uint256 counter; }',
  'struct OrderParameters { address offerer; address zone; OfferItem[] offer; ConsiderationItem[] consideration; uint8 orderType; uint256 startTime; uint256 endTime; bytes32 zoneHash; uint256 salt; bytes32 conduitKey; uint256 totalOriginalConsiderationItems; }',
  'struct Order { OrderParameters parameters; bytes signature; }',
  'struct AdditionalRecipient { uint256 amount; address recipient; }',
  'struct BasicOrderParameters { address considerationToken; uint256 considerationIdentifier; uint256 considerationAmount; address offerer; address zone; address offerToken; uint256 offerIdentifier; uint256 offerAmount; uint8 basicOrderType; uint256 startTime; uint256 endTime; bytes32 zoneHash; uint256 salt; bytes32 offererConduitKey; bytes32 fulfillerConduitKey; uint256 totalOriginalAdditionalRecipients; AdditionalRecipient[] additionalRecipients; bytes signature; }',
  'struct SpentItem { uint8 itemType; address token; uint256 identifier; uint256 amount; }',
  'struct ReceivedItem { uint8 itemType; address token; uint256 identifier; uint256 amount; address recipient; }',
  'struct AdvancedOrder { OrderParameters parameters; uint120 numerator; uint120 denominator; bytes signature; bytes extraData; }',
  'struct CriteriaResolver { uint256 orderIndex; uint8 side; uint256 index; uint256 identifier; bytes32[] criteriaProof; }',
  'struct FulfillmentComponent { uint256 orderIndex; uint256 itemIndex; }',
  'struct Execution { ReceivedItem item; address offerer; bytes32 conduitKey; }',
  'function fulfillAdvancedOrder(AdvancedOrder advancedOrder, CriteriaResolver[] criteriaResolvers, bytes32 fulfillerConduitKey, address recipient) payable returns (bool fulfilled)',
  'function fulfillAvailableAdvancedOrders(AdvancedOrder[] advancedOrders, CriteriaResolver[] criteriaResolvers, FulfillmentComponent[][] offerFulfillments, FulfillmentComponent[][] considerationFulfillments, bytes32 fulfillerConduitKey, address recipient, uint256 maximumFulfilled) payable returns (bool[] availableOrders, Execution[] executions)',
  'function fulfillBasicOrder(BasicOrderParameters parameters) payable returns (bool fulfilled)',
  'struct Fulfillment { FulfillmentComponent[] offerComponents; FulfillmentComponent[] considerationComponents; }',
  'function matchAdvancedOrders(AdvancedOrder[] orders, CriteriaResolver[] criteriaResolvers, Fulfillment[] fulfillments, address recipient) payable returns (Execution[] executions)',
  'function fulfillOrder(Order order, bytes32 fulfillerConduitKey) payable returns (bool fulfilled)',
  'function cancel(OrderComponents[] orders) returns (bool cancelled)',
  // Checks signatures and status without filling: a simulated call tells whose signature fails.
  'function validate(Order[] orders) returns (bool validated)',
  'function incrementCounter() returns (uint256 newCounter)',
  'function getCounter(address offerer) view returns (uint256 counter)',
  'function getOrderHash(OrderComponents order) view returns (bytes32 orderHash)',
  'function getOrderStatus(bytes32 orderHash) view returns (bool isValidated, bool isCancelled, uint256 totalFilled, uint256 totalSize)',
  'function information() view returns (string version, bytes32 domainSeparator, address conduitController)',
  'event OrderFulfilled(bytes32 orderHash, address indexed offerer, address indexed zone, address recipient, SpentItem[] offer, ReceivedItem[] consideration)',
  'event OrderCancelled(bytes32 orderHash, address indexed offerer, address indexed zone)',
  'event CounterIncremented(uint256 newCounter, address indexed offerer)',
  'error BadSignatureV(uint8 v)',
  'error InvalidSignature()',
  'error InvalidSigner()',
  'error BadContractSignature()',
  'error InvalidRestrictedOrder(bytes32 orderHash)',
  'error InvalidCallToConduit(address conduit)',
  'error OrderAlreadyFilled(bytes32 orderHash)',
  // fulfillBasicOrder only takes unused orders: a filled one reverts with this instead of OrderAlreadyFilled.
  'error OrderPartiallyFilled(bytes32 orderHash)',
  'error OrderIsCancelled(bytes32 orderHash)',
  'error InvalidTime(uint256 startTime, uint256 endTime)',
  'error InsufficientNativeTokensSupplied()',
  'error InvalidMsgValue(uint256 value)',
  'error InvalidConduit(bytes32 conduitKey, address conduit)',
  'error CannotCancelOrder()',
  'error InvalidProof()',
  'error BadFraction()',
  'error InexactFraction()',
  'error TokenTransferGenericFailure(address token, address from, address to, uint256 identifier, uint256 amount)',
  'error BadReturnValueFromERC20OnTransfer(address token, address from, address to, uint256 amount)',
  'error NativeTokenTransferGenericFailure(address account, uint256 amount)',
  // fulfillAvailableAdvancedOrders: every order skipped, a fulfillment that mixes items, a consideration item left unpaid.
  'error NoSpecifiedOrdersAvailable()',
  'error InvalidFulfillmentComponentData()',
  'error MissingFulfillmentComponentOnAggregation(uint8 side)',
  'error ConsiderationNotMet(uint256 orderIndex, uint256 considerationIndex, uint256 shortfallAmount)',
  'error InvalidERC721TransferAmount(uint256 amount)',
]);

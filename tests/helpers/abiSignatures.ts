/**
 * Canonical one-line signatures of an ABI's functions, events and errors (name, input types with `indexed`,
 * output types, tuples spelled out), to check a hand-written typed ABI against a compiled artifact.
 */

interface Param {
  readonly type: string;
  readonly indexed?: boolean;
  readonly components?: readonly Param[];
}

interface Item {
  readonly type: string;
  readonly name?: string;
  readonly inputs?: readonly Param[];
  readonly outputs?: readonly Param[];
  readonly stateMutability?: string;
}

function canonical(param: Param): string {
  const type = param.type.startsWith('tuple')
    ? `(${(param.components ?? []).map(canonical).join(',')})${param.type.slice('tuple'.length)}`
    : param.type;
  return param.indexed ? `${type} indexed` : type;
}

/** `function name(types) stateMutability returns (types)`, `event name(types)`, `error name(types)` for each item. */
export function abiSignatures(abi: readonly Item[]): string[] {
  return abi
    .filter((item) => item.type === 'function' || item.type === 'event' || item.type === 'error')
    .map((item) => {
      const head = `${item.type} ${item.name}(${(item.inputs ?? []).map(canonical).join(',')})`;
      if (item.type !== 'function') return head;
      return `${head} ${item.stateMutability} returns (${(item.outputs ?? []).map(canonical).join(',')})`;
    });
}

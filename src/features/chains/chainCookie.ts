/** Name of the cookie that remembers the chosen chain across visits. @see spec §4 "Other states" */
export const CHAIN_COOKIE = 'currentChain';

/** How long the chain cookie lives: 365 days, in seconds. */
export const CHAIN_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

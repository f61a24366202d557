/** The virtual modules of ./islandMessages.mjs: an island's messages in both languages, keyed without the prefix. */
declare module 'island-messages:*' {
  const messages: Readonly<Record<'ja' | 'en', Readonly<Record<string, string>>>>;
  export default messages;
}

/**
 * Turns bytes into UnixFS DAGs of the declared profile (./profile.ts) in memory: one file, or a directory of named
 * files. The caller stores the blocks (./blockStore.ts) and keeps the CIDs; nothing here needs a daemon.
 *
 * @see https://specs.ipfs.tech/unixfs/
 */
import { importBytes, importer } from 'ipfs-unixfs-importer';
import type { CID } from 'multiformats/cid';
import { type Block, collectingStorage } from './blockStore';
import { IMPORT_OPTIONS } from './profile';

/** A file's CID and the blocks that make it. */
export interface AddedFile {
  cid: CID;
  blocks: Block[];
}

/** The CID and blocks of `bytes` as one UnixFS file. */
export async function addFile(bytes: Uint8Array): Promise<AddedFile> {
  const storage = collectingStorage();
  const { cid } = await importBytes(bytes, storage, IMPORT_OPTIONS);
  return { cid, blocks: storage.blocks };
}

/** A directory's CID, each file's CID by name, and every block. */
export interface AddedDirectory {
  cid: CID;
  files: Map<string, CID>;
  blocks: Block[];
}

/** The CID and blocks of a flat UnixFS directory of `files` (name -> bytes; names are plain, without `/`). */
export async function addDirectory(files: ReadonlyMap<string, Uint8Array>): Promise<AddedDirectory> {
  const storage = collectingStorage();
  const entries = [...files].map(([path, content]) => {
    if (!path || path.includes('/')) throw new Error(`not a plain file name: ${path}`);
    return { path, content };
  });
  const added = new Map<string, CID>();
  let root: CID | undefined;
  for await (const entry of importer(entries, storage, { ...IMPORT_OPTIONS, wrapWithDirectory: true })) {
    if (!entry.path) root = entry.cid;
    else added.set(entry.path, entry.cid);
  }
  if (!root) throw new Error('the importer made no directory');
  return { cid: root, files: added, blocks: storage.blocks };
}

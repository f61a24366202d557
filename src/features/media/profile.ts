/**
 * The CID profile every Kirafuda image and metadata document is stored under: IPIP-499's `unixfs-v1-2025`
 * (CIDv1, raw leaves, 1 MiB chunks, balanced DAGs of up to 1024 links, sha2-256). Written into each metadata
 * document, so anyone with the bytes recomputes the same CID with any UnixFS implementation of the profile.
 *
 * @see https://specs.ipfs.tech/ipips/ipip-0499/
 */
import type { ImporterOptions } from 'ipfs-unixfs-importer';

/** The profile's name, as IPIP-499 and `ipfs-unixfs-importer` spell it. */
export const CID_PROFILE = 'unixfs-v1-2025';

/** The importer options of the profile. */
export const IMPORT_OPTIONS: ImporterOptions = { profile: CID_PROFILE, cidVersion: 1, rawLeaves: true };

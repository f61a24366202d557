/**
 * IPFS blocks in an S3-compatible bucket (`MEDIA_S3_URL`), one object per block at `{prefix}blocks/{cid}` (the
 * CID in base32; objects are immutable, so a block written twice is the same object). Requests are signed with
 * AWS Signature V4 by `aws4fetch`, a 6 kB client over `fetch`: the three calls made here (PUT, GET, HEAD) need no
 * more, where the official SDK would bring megabytes of code.
 *
 * @see https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-authenticating-requests.html
 */
import { AwsClient } from 'aws4fetch';
import type { CID } from 'multiformats/cid';
import type { BlockStore } from './blockStore';
import type { S3Location } from './mediaSettings.server';

/** Blocks written at once. */
const PARALLEL = 8;

/** The blocks of the bucket at `location`. */
export function s3Blocks(location: S3Location): BlockStore {
  const client = new AwsClient({
    accessKeyId: location.accessKeyId,
    secretAccessKey: location.secretAccessKey,
    region: location.region,
    service: 's3',
    retries: 2,
  });
  const url = (cid: CID) =>
    `${location.endpoint}/${encodeURIComponent(location.bucket)}/${location.prefix}blocks/${cid.toString()}`;
  const failed = (what: string, response: Response) =>
    new Error(`S3 ${what} answered ${response.status} ${response.statusText}`);
  return {
    get: async (cid) => {
      const response = await client.fetch(url(cid));
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw failed('GET', response);
      return new Uint8Array(await response.arrayBuffer());
    },
    put: async (blocks) => {
      for (let i = 0; i < blocks.length; i += PARALLEL) {
        await Promise.all(
          blocks.slice(i, i + PARALLEL).map(async (block) => {
            const head = await client.fetch(url(block.cid), { method: 'HEAD' });
            if (head.ok) return;
            const response = await client.fetch(url(block.cid), {
              method: 'PUT',
              body: block.bytes as Uint8Array<ArrayBuffer>,
              headers: { 'Content-Type': 'application/octet-stream' },
            });
            await response.body?.cancel();
            if (!response.ok) throw failed('PUT', response);
          }),
        );
      }
    },
  };
}
